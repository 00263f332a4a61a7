public import BackgroundCore

/// The calendar of simulated time, the one every part of the device counts days with: days of 24 hours
/// since 1970-01-01 (simulation time, UTC; negative before it), the time of day within one, and the longest
/// duration anything may span (100 years).
///
/// Days are counted by flooring, so a time before the epoch falls in the day that begins at or before it:
/// the last nanosecond of 1969 is day −1 at 23:59:59.999999999, never day 0.
///
/// ```swift
/// let day = SimCalendar.day(of: engine.now)            // 20454 on 2026-01-01
/// SimCalendar.midnight(ofDay: day + 1)                 // the next midnight
/// SimCalendar.timeOfDay(of: engine.now)                // .zero at midnight
/// ```
public enum SimCalendar {
    /// A day's nanoseconds.
    public static let nanosecondsPerDay: Int64 = 86_400_000_000_000
    /// A day.
    public static let dayLength = Duration.seconds(86_400)
    /// The longest duration a manifest, an option or a budget may span: 100 years (36500 days), so that any
    /// time a run reaches on the emulator's clock (whose Int64 nanoseconds end in 2262) stays on it.
    public static let longest = Duration.seconds(36_500 * 86_400)

    /// The day of `time`: whole days since 1970-01-01, floored.
    @inlinable
    public static func day(of time: SimTime) -> Int64 {
        let nanoseconds = time.nanosecondsSinceEpoch
        return nanoseconds >= 0 ? nanoseconds / nanosecondsPerDay : (nanoseconds + 1) / nanosecondsPerDay - 1
    }

    /// The nanoseconds of `time` since its day's midnight (0 up to a day).
    @inlinable
    public static func nanosecondsIntoDay(of time: SimTime) -> Int64 {
        time.nanosecondsSinceEpoch - day(of: time) * nanosecondsPerDay
    }

    /// The time of day of `time`: how long since its day's midnight.
    @inlinable
    public static func timeOfDay(of time: SimTime) -> Duration {
        .nanoseconds(nanosecondsIntoDay(of: time))
    }

    /// The midnight that begins `day`.
    @inlinable
    public static func midnight(ofDay day: Int64) -> SimTime {
        SimTime(nanosecondsSinceEpoch: day * nanosecondsPerDay)
    }
}
