import BackgroundCore
import BackgroundDevice
import Testing

/// The one calendar (issue 33): the day number and time of day that replaced five copies keep each copy's
/// results, before 1970 too (floored, never truncated towards zero).
@Suite struct SimCalendarTests {
    static let day: Int64 = 86_400_000_000_000
    /// Times around midnights on both sides of the epoch, and the default start.
    static let times: [Int64] = [
        0, 1, -1, day - 1, day, day + 1, -day + 1, -day, -day - 1, 5 * day + 3_600_000_000_000, -5 * day - 1,
        SimTime.defaultStart.nanosecondsSinceEpoch, SimTime.defaultStart.nanosecondsSinceEpoch - 1,
    ]

    @Test(arguments: times) func theDayIsTheOneEveryOldCopyGave(_ nanoseconds: Int64) {
        let time = SimTime(nanosecondsSinceEpoch: nanoseconds)
        let day = Self.day
        // DeviceUser.dayNumber and SystemDiscretion's two copies.
        let userDay = nanoseconds >= 0 ? nanoseconds / day : (nanoseconds + 1) / day - 1
        // PushPolicy's daily budget (with a reset at midnight).
        let pushDay = nanoseconds >= 0 ? nanoseconds / day : (nanoseconds - day + 1) / day
        // ScriptedConditions' midnight.
        let midnight = nanoseconds - ((nanoseconds % day) + day) % day
        #expect(SimCalendar.day(of: time) == userDay)
        #expect(SimCalendar.day(of: time) == pushDay)
        #expect(SimCalendar.midnight(ofDay: SimCalendar.day(of: time)).nanosecondsSinceEpoch == midnight)
        #expect(SimCalendar.nanosecondsIntoDay(of: time) == nanoseconds - userDay * day)
        #expect((0..<day).contains(SimCalendar.nanosecondsIntoDay(of: time)))
        #expect(SimCalendar.timeOfDay(of: time) == .nanoseconds(nanoseconds - midnight))
    }

    @Test func theLongestDurationIsAHundredYears() {
        #expect(SimCalendar.longest == .seconds(36_500 * 86_400))
        #expect(SimCalendar.dayLength == .nanoseconds(Self.day))
    }
}
