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

    /// The user's habits from `opens` within the usage window before `now`.
    static func habits(of opens: [SimTime], at now: SimTime, _ configuration: SystemDiscretion.Configuration) -> [UsageHabit] {
        let seen = opens.filter { $0 <= now && $0 >= now - configuration.usageWindow }.map { time -> (day: Int64, timeOfDay: Int64) in
            (SimCalendar.day(of: time), SimCalendar.nanosecondsIntoDay(of: time))
        }.sorted { $0.timeOfDay < $1.timeOfDay }
        var groups: [[(day: Int64, timeOfDay: Int64)]] = []
        for open in seen {
            if let last = groups.last?.last, open.timeOfDay - last.timeOfDay <= configuration.clusterGap.nanoseconds {
                groups[groups.count - 1].append(open)
            } else {
                groups.append([open])
            }
        }
        return groups.map { group in
            let days = Set(group.map(\.day)).sorted()
            let span = days.last! - days.first!
            let interval = days.count < 2 ? 1 : max(1, (span + Int64(days.count - 1) / 2) / Int64(days.count - 1))
            return UsageHabit(timeOfDay: group[0].timeOfDay, lastDay: days.last!, interval: interval)
        }
    }
}
