import BackgroundCore

/// One habit of the user, as the system's discretion predicts opens from the usage history: opens at
/// about the same time of day (``SystemDiscretion/Configuration/clusterGap``), every so many days.
struct UsageHabit {
    /// The earliest time of day it was seen at, in nanoseconds since midnight.
    var timeOfDay: Int64
    /// The last day it was seen on.
    var lastDay: Int64
    /// Every how many days it comes back: the mean number of days between the days it was seen (every day
    /// when seen once).
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

    /// The user's habits from `opens` (in time order) within the usage window before `now`: the opens sorted
    /// by time of day, each group of opens within ``SystemDiscretion/Configuration/clusterGap`` of the one
    /// before one habit. The window is one slice of `opens`, found by bisection (this runs at every refresh's
    /// planning: the population's hot path).
    static func habits(of opens: [SimTime], at now: SimTime, _ configuration: SystemDiscretion.Configuration) -> [UsageHabit] {
        let lower = now - configuration.usageWindow
        let first = firstIndex(in: opens) { $0 >= lower }
        let end = firstIndex(in: opens) { $0 > now }
        guard first < end else { return [] }
        var seen: [(day: Int64, timeOfDay: Int64)] = []
        seen.reserveCapacity(end - first)
        for time in opens[first..<end] { seen.append((SimCalendar.day(of: time), SimCalendar.nanosecondsIntoDay(of: time))) }
        seen.sort { $0.timeOfDay < $1.timeOfDay }
        let gap = configuration.clusterGap.nanoseconds
        var habits: [UsageHabit] = []
        var days: [Int64] = []
        // Grown once: appended to one open at a time, they would otherwise be copied as they grow.
        days.reserveCapacity(seen.count)
        habits.reserveCapacity(seen.count)
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
            habits.append(UsageHabit(timeOfDay: seen[start].timeOfDay, lastDay: days[days.count - 1], interval: interval))
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
