import BackgroundCore
import BackgroundDevice

/// Chooses launch times under a ``LaunchPolicy``; the realistic policy's PRNG state lives here.
struct LaunchPlanner {
    private let policy: LaunchPolicy
    private var random: SplitMix64

    init(policy: LaunchPolicy) {
        self.policy = policy
        if case .realistic(let seed) = policy {
            random = SplitMix64(seed: seed)
        } else {
            random = SplitMix64(seed: 0)
        }
    }

    /// When a task of `kind` that is eligible from `eligible` on launches; a continued task launches at
    /// once, and the realistic policy launches a processing task no later than `deadline`.
    mutating func launchTime(for kind: TaskKind, eligibleAt eligible: SimTime, deadline: SimTime) -> SimTime {
        if kind == .continued { return eligible }
        switch policy {
        case .eager:
            let minute: Int64 = 60_000_000_000
            let remainder = ((eligible.nanosecondsSinceEpoch % minute) + minute) % minute
            return remainder == 0 ? eligible : eligible + .nanoseconds(minute - remainder)
        case .realistic:
            var seconds: UInt64
            switch kind {
            case .refresh:
                seconds = random.next(in: 60...1_800)
                if random.next(in: 0...3) == 0 { seconds += random.next(in: 1_800...7_200) }
            case .processing, .continued:
                seconds = random.next(in: 300...3_600)
            }
            let drawn = eligible + .seconds(Int64(seconds))
            return kind == .processing ? max(eligible, min(drawn, deadline)) : drawn
        }
    }
}
