public import BackgroundCore

/// The system's discretion on the device: the one place that decides, under the device's policy, when
/// background work may go — refresh and processing launches, background pushes, discretionary transfers —
/// and gives the reason for each decision (CONTRACTS.md §8; docs/DEVICE.md, "The system's discretion").
///
/// The device owns one (``Device/discretion``) and the modes ask it: the scheduler, the pushes' policy and
/// the background session each hold the device's, never a copy, and none reads another mode's
/// configuration to learn the policy. It keeps what the system has seen and spent, once:
/// - **One usage history** (``opens``): the opens the system saw before the run (``learn(history:)``) and
///   every move of the app to the foreground during it (``appWasOpened(at:)``). A refresh launches ahead of
///   the opens it predicts (``refresh(eligibleAt:now:)``); a processing task
///   needs the app used within a window (``wasOpened(within:before:)``); a push is dropped for an app not
///   opened for ``Configuration/unusedAfter`` (``Pushes/decide(at:usedSince:backgroundRefreshOff:batteryCriticallyLow:lowPowerMode:)``).
/// - **One critical-battery rule** (``holdsForLowBattery(_:)``, the policy's ``LaunchPolicy/holdsForLowBattery(_:)``): under the realistic policy a critically low
///   battery (the device's `DeviceConditions.isBatteryCriticallyLow`: below 20 % on battery) holds
///   refreshes, processing tasks, background pushes and discretionary transfers; charging lifts it.
/// - **The device's budgets**: the energy budget of the tasks' runtime on battery (``spend(_:at:)``) and
///   the rate limit between launches (``appWasLaunched(at:)``), the daily budget of background pushes
///   (``pushWasDelivered(at:)``), the cellular data budget of discretionary transfers
///   (``spendCellular(_:at:)``).
///
/// The pushes' and the transfers' rules decide on values it hands out (``pushes``, ``transfers``), never on
/// the discretion itself: they return what they spend as actions, and the side that carries those out
/// (the push mode's delivery, the background session) tells the discretion. Only those sides, the
/// scheduler (which carries out its own rules' launches) and the device (the opens) change it.
///
/// Under ``LaunchPolicy/eager`` it decides nothing against the work (every decision goes, with no
/// reason): each mode keeps the eager rules of its own (the next whole minute, Wi-Fi and power), and the
/// usage is still recorded.
///
/// ```swift
/// let discretion = SystemDiscretion(policy: .realistic(seed: 42))
/// discretion.learn(history: [start - .seconds(86_400) + .seconds(8 * 3600)])   // opened at 08:00 yesterday
/// discretion.refresh(eligibleAt: start, now: start)    // at 07:30 today, reason .appUsage
/// discretion.holdsForLowBattery(device.conditions)     // true on battery below 20 %
/// ```
///
/// - Warning: Not thread-safe: use it on the engine's owner only.
public final class SystemDiscretion {
    /// The device's policy: whether the discretion rules background work.
    public let policy: LaunchPolicy
    public let configuration: Configuration
    /// The one usage history: the opens seen, in time order — the history before the run, then every move
    /// of the app to the foreground.
    public private(set) var opens: [SimTime] = []
    /// When the app was last launched for background work.
    public private(set) var lastLaunch: SimTime?
    /// The energy budget left at ``energyCountedAt``; negative when a task ran past it.
    private var energy: Duration
    private var energyCountedAt: SimTime?
    /// The daily budget of background pushes.
    private var dailyPushes: DailyPushBudget
    /// What discretionary transfers are decided by: the policy and the cellular data budget.
    public private(set) var transfers: Transfers

    public init(policy: LaunchPolicy = .eager, configuration: Configuration = Configuration()) {
        precondition(configuration.dailyPushBudget >= 1, "SystemDiscretion: a daily budget of at least one push")
        self.policy = policy
        self.configuration = configuration
        energy = configuration.energyBudget
        dailyPushes = DailyPushBudget(configuration)
        transfers = Transfers(policy: policy, cellular: CellularBudget(perDay: configuration.cellularBytesPerDay))
    }

    /// What background pushes are decided by now: the policy, the time after which an unused app gets none,
    /// the usage history and the day's push budget.
    public var pushes: Pushes {
        Pushes(policy: policy, unusedAfter: configuration.unusedAfter, opens: opens, budget: dailyPushes)
    }

    // MARK: What the system sees

    /// The opens the system saw before the run (`history:`), in any order; one already known is not
    /// learnt twice.
    public func learn(history: [SimTime]) {
        let known = Set(opens)
        opens = (opens + history.filter { !known.contains($0) }).sorted()
    }

    /// The app came to the foreground at `time`: told once per open, by the device (`Device.appWasOpened()`)
    /// or by whoever owns a discretion of no device's.
    public func appWasOpened(at time: SimTime) {
        opens.append(time)
    }

    /// The app was launched for background work at `time` (the rate limit counts from it).
    public func appWasLaunched(at time: SimTime) {
        lastLaunch = time
    }

    /// A task ran for `runtime` on battery, ending at `time`: its runtime comes out of the energy budget.
    public func spend(_ runtime: Duration, at time: SimTime) {
        energy = energyLeft(at: time) - runtime
        energyCountedAt = time
    }

    /// A background push was delivered at `time`: under the realistic policy it counts against the day's
    /// push budget.
    public func pushWasDelivered(at time: SimTime) {
        guard policy.isRealistic else { return }
        dailyPushes.count(at: time)
    }

    /// A discretionary transfer used `bytes` of cellular data at `now` (under the realistic policy): they come
    /// out of the device's cellular data budget.
    public func spendCellular(_ bytes: Int64, at now: SimTime) {
        transfers.spend(bytes, at: now)
    }

    // MARK: What it decides

    /// The one critical-battery rule, under the device's policy (``LaunchPolicy/holdsForLowBattery(_:)``).
    public func holdsForLowBattery(_ conditions: DeviceConditions) -> Bool {
        policy.holdsForLowBattery(conditions)
    }

    /// Whether the user opened the app within `window` before `now`.
    public func wasOpened(within window: Duration, before now: SimTime) -> Bool {
        opens.last.map { $0 >= now - window } ?? false
    }

    /// The energy budget left at `time`.
    public func energyLeft(at time: SimTime) -> Duration {
        guard let since = energyCountedAt else { return energy }
        let refill = configuration.energyRefillPerDay * ((time - since) / .seconds(86_400))
        return min(configuration.energyBudget, energy + refill)
    }

    /// When a refresh eligible from `eligible` launches, asked at `now`: ahead of the next predicted open,
    /// no sooner than the rate limit and the energy budget allow, with the reason it waits (none when it
    /// goes at `eligible`); ``Decision/Outcome/never`` (``Reason/appUsage``) when no open is predicted (the
    /// app was not opened within ``Configuration/usageWindow``). Under the eager policy it goes at `eligible`.
    public func refresh(eligibleAt eligible: SimTime, now: SimTime) -> Decision {
        guard policy.isRealistic else { return Decision(.refresh, .at(eligible)) }
        let habits = UsageHabit.habits(of: opens, at: now, configuration)
        guard !habits.isEmpty else { return Decision(.refresh, .never, .appUsage) }
        var from = eligible
        let allowed = earliestLaunch(at: max(eligible, now))
        // An open passed over because the budget or the rate limit did not allow a launch before it.
        var passedOverFor: Reason?
        // Each turn moves past one predicted open; a year of daily habits is the most a turn needs.
        for _ in 0..<(366 * max(1, habits.count)) {
            var next: SimTime?
            for habit in habits {
                if let open = habit.nextOpen(after: from), next.map({ open < $0 }) ?? true { next = open }
            }
            guard let open = next else { break }
            let time = max(eligible, open - configuration.launchLead, allowed.time)
            if time < open {
                let reason: Reason? = time == eligible ? nil : time == allowed.time ? allowed.reason : passedOverFor ?? .appUsage
                return Decision(.refresh, .at(time), reason)
            }
            if allowed.time >= open { passedOverFor = allowed.reason }
            from = open
        }
        return Decision(.refresh, .never, .appUsage)
    }

    /// When a processing task whose drawn launch is `drawn` launches: no sooner than the rate limit and the
    /// energy budget allow, with the reason when that is later than `drawn`. Under the eager policy at `drawn`.
    public func processing(drawnAt drawn: SimTime) -> Decision {
        guard policy.isRealistic else { return Decision(.processing, .at(drawn)) }
        let allowed = earliestLaunch(at: drawn)
        return Decision(.processing, .at(allowed.time), allowed.time > drawn ? allowed.reason : nil)
    }

    /// The first time at or after `now` when launches are allowed: the budget is not spent and the last
    /// launch is ``Configuration/minimumLaunchSpacing`` ago; with the reason when that is later than `now`.
    func earliestLaunch(at now: SimTime) -> (time: SimTime, reason: Reason?) {
        var time = now
        var reason: Reason?
        if let last = lastLaunch, last + configuration.minimumLaunchSpacing > time {
            (time, reason) = (last + configuration.minimumLaunchSpacing, .rateLimited)
        }
        let left = energyLeft(at: time)
        guard left <= .zero else { return (time, reason) }
        // A budget that does not refill stays spent: no launch within the 100 years a run may last.
        let wait = configuration.energyRefillPerDay > .zero
            ? SimCalendar.dayLength * ((Duration.zero - left) / configuration.energyRefillPerDay) : SimCalendar.longest
        return (time + .seconds(wait.components.seconds + 1), .budget)
    }
}
