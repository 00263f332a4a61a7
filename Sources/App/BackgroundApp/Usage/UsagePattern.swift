/// One `usage:` entry: the user opens the app at about a time of day, keeps it in the foreground for a
/// while, on some days (CONTRACTS.md §8, docs/MANIFEST.md).
///
/// ```yaml
/// usage:
///   - {at: "08:00", for: 5m, jitter: 15m}                      # every day at about 08:00 UTC
///   - {at: "12:30", for: 2m, days: [mon, tue, wed, thu, fri]}
///   - {at: "21:00", for: 10m, every: 2d}                      # the run's first day, then every other day
/// ```
/// ```swift
/// let open = UsagePattern(at: .seconds(8 * 3600), for: .seconds(300), jitter: .seconds(900))
/// open.isScheduled(onDay: 3, firstDay: 0)   // true: every day, every weekday
/// ```
package struct UsagePattern: Hashable, Sendable {
    /// `at:`, the time of day the app is opened, as the time since midnight (simulation time, UTC).
    package var at: Duration
    /// `for:`, how long the app stays in the foreground before the user leaves it.
    package var duration: Duration
    /// `jitter:` (default 0 s): each open comes at `at` plus a time drawn evenly from −jitter…+jitter,
    /// from the run's seed.
    package var jitter: Duration
    /// `days:` (default every day): the weekdays the app is opened on.
    package var days: Set<Weekday>
    /// `every:` in days (default 1): the entry applies on the run's first day and every `every`-th day from
    /// it (backwards too, into `history:`).
    package var every: Int

    package init(at: Duration, for duration: Duration, jitter: Duration = .zero, days: Set<Weekday> = Set(Weekday.allCases), every: Int = 1) {
        self.at = at
        self.duration = duration
        self.jitter = jitter
        self.days = days
        self.every = every
    }

    /// Whether the entry opens the app on day `day` (days since 1970-01-01, UTC) of a run whose first day
    /// is `firstDay`: the day is one of `days` and a multiple of `every` days from the first.
    package func isScheduled(onDay day: Int64, firstDay: Int64) -> Bool {
        let offset = day - firstDay
        let onCycle = ((offset % Int64(every)) + Int64(every)) % Int64(every) == 0
        return onCycle && days.contains(Weekday(ofDay: day))
    }
}
