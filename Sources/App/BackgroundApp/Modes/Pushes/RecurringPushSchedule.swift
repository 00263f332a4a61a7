import BackgroundCore

/// When the server sends the occurrences of a push entry with `every:` (CONTRACTS.md §12): the n-th (from
/// 0) at `at + n × every` from the app's first launch, moved by a time drawn evenly from −jitter…+jitter,
/// to the end of the run. The draw depends only on the run's seed, the entry and n, so the same seed gives
/// the same pushes; the occurrences stay in order (a jitter is at most half the period).
///
/// ```yaml
/// pushes:
///   - {every: 6h, jitter: 30m, payload: {aps: {content-available: 1}}}   # at the first launch, then every 6 h
/// ```
struct RecurringPushSchedule {
    let start: SimTime
    let push: ManifestPush
    let period: Duration
    let seed: UInt64
    let entry: Int

    init?(push: ManifestPush, entry: Int, start: SimTime, seed: UInt64) {
        guard let period = push.every else { return nil }
        self.start = start
        self.push = push
        self.period = period
        self.seed = seed
        self.entry = entry
    }

    /// The time of occurrence `n`.
    func time(of n: Int) -> SimTime {
        let base = start + push.offset + period * n
        let jitter = UInt64(push.jitter.components.seconds)
        guard jitter > 0 else { return base }
        var random = SplitMix64(seed: seed ^ (UInt64(entry) &<< 40 | UInt64(n)) &* 0xD1B5_4A32_D192_ED03)
        return base + .seconds(Int64(random.next(in: 0...(2 * jitter))) - Int64(jitter))
    }
}
