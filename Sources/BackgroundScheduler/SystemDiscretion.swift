public import BackgroundCore
import BackgroundDevice

/// The system's discretion under ``LaunchPolicy/realistic(seed:)``: what the scheduler asks before it
/// places a launch — when the user will open the app next, whether the battery is critically low, whether
/// the app's background runtime budget is spent and how recently it was launched (CONTRACTS.md §8;
/// docs/SCHEDULER.md, "How often will my task run?").
///
/// - **App usage.** It learns the times the user opened the app (``learn(history:)`` for what it saw before
///   the run, ``appWasOpened(at:)`` during it) and predicts the next opens: the opens of the last
///   ``Configuration/usageWindow`` grouped by time of day (opens within ``Configuration/clusterGap`` of one
///   another are one habit), each habit expected again at its earliest time of day every so many days (the
///   mean number of days between the days it was seen; every day when seen once). A refresh launches
///   ``Configuration/launchLead`` ahead of the next predicted open (once per open), so an app opened more
///   often is launched more often, and one not opened within the window is not launched until it is.
/// - **Critically low battery** (the device's one rule, `DeviceConditions.isBatteryCriticallyLow`: below
///   20 % on battery), no refresh or processing task launches; charging lifts it.
/// - **Energy budget**: every refresh and processing task's runtime on battery comes out of a budget of
///   ``Configuration/energyBudget`` that refills evenly over a day; while it is spent, launches wait until
///   it has refilled.
/// - **Rate limit**: two launches of the app are at least ``Configuration/minimumLaunchSpacing`` apart.
///
/// ```swift
/// var discretion = SystemDiscretion()
/// discretion.learn(history: [start - .seconds(86_400) + .seconds(8 * 3600)])   // opened at 08:00 yesterday
/// discretion.refreshLaunch(eligibleAt: start, now: start)   // (07:30 today, .appUsage)
/// ```
public struct SystemDiscretion: Sendable {
    /// Every number the model uses, with its source or marked the emulator's choice (docs/IOS-RULES.md).
    public struct Configuration: Hashable, Sendable {
        /// How far back the system looks at the user's opens to predict the next (default 14 days, the
        /// emulator's choice, as `history:`'s default): an app not opened within it is not launched.
        public var usageWindow: Duration = .seconds(14 * 86_400)
        /// Opens within this time of day of one another are one habit (default 30 minutes, the emulator's
        /// choice).
        public var clusterGap: Duration = .seconds(1_800)
        /// How long before a predicted open a refresh launches (default 30 minutes, the emulator's choice:
        /// Apple says only "sometime before" the time the user usually opens the app).
        public var launchLead: Duration = .seconds(1_800)
        /// The shortest time between two launches of the app (default 15 minutes, the emulator's choice:
        /// WWDC20 10063 names rate limiting without a number).
        public var minimumLaunchSpacing: Duration = .seconds(900)
        /// The background runtime the app may spend on battery before launches wait (default 10 minutes,
        /// the emulator's choice: WWDC20 10063 names an energy budget "distributed throughout the day"
        /// without a size) …
        public var energyBudget: Duration = .seconds(600)
        /// … and how much of it comes back in a day, evenly (default 10 minutes: the whole budget a day).
        public var energyRefillPerDay: Duration = .seconds(600)

        public init() {}
    }

    public let configuration: Configuration
    /// The opens seen, in order: the history, then the run's.
    public private(set) var opens: [SimTime] = []
    /// When the app was last launched for background work.
    public private(set) var lastLaunch: SimTime?
    /// The energy budget left at ``energyCountedAt``; negative when a task ran past it.
    private var energy: Duration
    private var energyCountedAt: SimTime?

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        energy = configuration.energyBudget
    }

    // MARK: What the system sees

    /// The opens the system saw before the run (`history:`).
    public mutating func learn(history: [SimTime]) {
        opens = (history + opens).sorted()
    }

    /// The user opened the app at `time`.
    public mutating func appWasOpened(at time: SimTime) {
        opens.append(time)
    }

    /// The app was launched for background work at `time`.
    public mutating func appWasLaunched(at time: SimTime) {
        lastLaunch = time
    }

    /// A task ran for `runtime` on battery, ending at `time`: its runtime comes out of the energy budget.
    public mutating func spend(_ runtime: Duration, at time: SimTime) {
        energy = energyLeft(at: time) - runtime
        energyCountedAt = time
    }

    // MARK: What it decides

    /// The energy budget left at `time`.
    public func energyLeft(at time: SimTime) -> Duration {
        guard let since = energyCountedAt else { return energy }
        let refill = configuration.energyRefillPerDay * ((time - since) / .seconds(86_400))
        return min(configuration.energyBudget, energy + refill)
    }

    /// The first time at or after `now` when launches are allowed: the budget is not spent and the last
    /// launch is ``Configuration/minimumLaunchSpacing`` ago; with the reason when that is later than `now`.
    public func earliestLaunch(at now: SimTime) -> (time: SimTime, reason: TaskWaitReason?) {
        var time = now
        var reason: TaskWaitReason?
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

    /// When a refresh eligible from `eligible` launches, and why it waits until then (nil: it does not
    /// wait); nil when the system predicts no open (the app was not opened within the usage window).
    public func refreshLaunch(eligibleAt eligible: SimTime, now: SimTime) -> (time: SimTime, reason: TaskWaitReason?)? {
        let habits = habits(at: now)
        guard !habits.isEmpty else { return nil }
        var from = eligible
        let allowed = earliestLaunch(at: max(eligible, now))
        // An open passed over because the budget or the rate limit did not allow a launch before it.
        var passedOverFor: TaskWaitReason?
        // Each turn moves past one predicted open; a year of daily habits is the most a turn needs.
        for _ in 0..<(366 * max(1, habits.count)) {
            var next: SimTime?
            for habit in habits {
                if let open = habit.nextOpen(after: from), next.map({ open < $0 }) ?? true { next = open }
            }
            guard let open = next else { return nil }
            let time = max(eligible, open - configuration.launchLead, allowed.time)
            if time < open {
                let reason: TaskWaitReason? = time == eligible ? nil : time == allowed.time ? allowed.reason : passedOverFor ?? .appUsage
                return (time, reason)
            }
            if allowed.time >= open { passedOverFor = allowed.reason }
            from = open
        }
        return nil
    }

    /// Whether the user opened the app within `window` before `now`.
    public func wasOpened(within window: Duration, before now: SimTime) -> Bool {
        opens.last.map { $0 >= now - window } ?? false
    }

    /// One habit of the user: opens at about the same time of day.
    struct Habit {
        /// The earliest time of day it was seen at.
        var timeOfDay: Int64
        /// The last day it was seen on.
        var lastDay: Int64
        /// Every how many days it comes back.
        var interval: Int64

        /// The first predicted open after `time`.
        func nextOpen(after time: SimTime) -> SimTime? {
            let day = SimCalendar.nanosecondsPerDay
            let today = SimCalendar.day(of: time)
            var k = max(1, (today - lastDay + interval - 1) / interval)
            for _ in 0..<2 {
                let open = SimTime(nanosecondsSinceEpoch: (lastDay + k * interval) * day + timeOfDay)
                if open > time { return open }
                k += 1
            }
            return nil
        }
    }

    /// The user's habits from the opens within the usage window before `now`: the opens sorted by time of
    /// day, each group of opens within ``Configuration/clusterGap`` of the one before one habit. ``opens``
    /// is in time order (the history sorted, then the run's at the engine's time), so the window is one
    /// slice of it, found by bisection (this runs at every refresh's planning: the population's hot path).
    func habits(at now: SimTime) -> [Habit] {
        let lower = now - configuration.usageWindow
        let first = Self.firstIndex(in: opens) { $0 >= lower }
        let end = Self.firstIndex(in: opens) { $0 > now }
        guard first < end else { return [] }
        var seen: [(day: Int64, timeOfDay: Int64)] = []
        seen.reserveCapacity(end - first)
        for time in opens[first..<end] { seen.append((SimCalendar.day(of: time), SimCalendar.nanosecondsIntoDay(of: time))) }
        seen.sort { $0.timeOfDay < $1.timeOfDay }
        let gap = configuration.clusterGap.nanoseconds
        var habits: [Habit] = []
        var days: [Int64] = []
        var start = 0
        for index in seen.indices {
            days.append(seen[index].day)
            guard index + 1 == seen.count || seen[index + 1].timeOfDay - seen[index].timeOfDay > gap else { continue }
            // The group's distinct days: their count, first and last.
            days.sort()
            var distinct = 1
            for k in days.indices.dropFirst() where days[k] != days[k - 1] { distinct += 1 }
            let span = days[days.count - 1] - days[0]
            let interval = distinct < 2 ? 1 : max(1, (span + Int64(distinct - 1) / 2) / Int64(distinct - 1))
            habits.append(Habit(timeOfDay: seen[start].timeOfDay, lastDay: days[days.count - 1], interval: interval))
            days.removeAll(keepingCapacity: true)
            start = index + 1
        }
        return habits
    }

    /// The first index of the sorted `times` where `isAtOrPast` holds (false before it, true from it on).
    private static func firstIndex(in times: [SimTime], where isAtOrPast: (SimTime) -> Bool) -> Int {
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrPast(times[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
