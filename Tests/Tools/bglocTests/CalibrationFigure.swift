import Foundation

/// The figures a real log of background refresh is compared on (docs/SCHEDULER.md#calibration-against-real-devices),
/// each measured from a `bgtask simulate --format jsonl` run, and each with its tolerance.
enum CalibrationFigure: String, CaseIterable, Sendable {
    /// Refresh launches over the run's days.
    case launchesPerDay
    /// The longest stretch across a night (03:00 of a day after the first) with neither a refresh launch
    /// nor an open, in hours.
    case overnightGapHours
    /// The share of the opens after the first (the first launches the app) with a refresh launch in the
    /// hour before.
    case beforeOpens
    /// Hours from the first open to the first refresh launch.
    case firstLaunchHours

    /// Whether bgkit's figure is close enough to the real range: a factor of 2 on counts and on the time
    /// to the first launch (one device, a few days, iOS's unseen factors: 1 a day against 1.5 is the same
    /// regime, against 20 is not), 1.5 hours on an overnight gap, a quarter on a share.
    func agrees(_ value: Double, with real: ClosedRange<Double>) -> Bool {
        switch self {
        case .launchesPerDay, .firstLaunchHours: value >= real.lowerBound / 2 && value <= real.upperBound * 2
        case .overnightGapHours: value >= real.lowerBound - 1.5 && value <= real.upperBound + 1.5
        case .beforeOpens: value >= real.lowerBound - 0.25 && value <= real.upperBound + 0.25
        }
    }

    /// The figures of one run: its `task.launched` and `lifecycle` `foreground` events, over `days`.
    static func measure(jsonl: String, days: Int) throws -> [CalibrationFigure: Double] {
        let format = ISO8601DateFormatter()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var launches: [Double] = []
        var opens: [Double] = []
        var start: Date?
        for line in jsonl.split(separator: "\n") {
            guard let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let text = event["time"] as? String, let time = format.date(from: text)
            else { continue }
            let origin = start ?? calendar.startOfDay(for: time)
            start = origin
            let hours = time.timeIntervalSince(origin) / 3600
            if event["event"] as? String == "task.launched" { launches.append(hours) }
            if event["event"] as? String == "lifecycle", event["state"] as? String == "foreground" { opens.append(hours) }
        }
        var figures: [CalibrationFigure: Double] = [.launchesPerDay: Double(launches.count) / Double(days)]
        let activity = (launches + opens).sorted()
        let gaps = (1..<max(days, 1)).compactMap { day -> Double? in
            let night = Double(day * 24 + 3)
            guard let before = activity.last(where: { $0 < night }), let after = activity.first(where: { $0 >= night })
            else { return nil }
            return after - before
        }
        figures[.overnightGapHours] = gaps.max()
        let later = opens.dropFirst()
        if !later.isEmpty {
            let served = later.filter { open in launches.contains { $0 >= open - 1 && $0 < open } }
            figures[.beforeOpens] = Double(served.count) / Double(later.count)
        }
        if let open = opens.first, let launch = launches.first { figures[.firstLaunchHours] = launch - open }
        return figures
    }
}
