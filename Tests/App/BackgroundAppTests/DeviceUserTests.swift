import BackgroundApp
import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import Testing

/// The user's hand on the device (issue 25): `usage:` opens the app at its times of day and leaves it after
/// `for`, with jitter from the run's seed, on its days and every N days; `lifecycle:` steps apply beside it.
@Suite struct DeviceUserTests {
    static let day = Duration.seconds(86_400)

    /// The app's `lifecycle` events over `days` days from 2026-01-01 (a Thursday), as "HH:MM:SS state reason" per day.
    static func run(_ usage: String, lifecycle: String = "", days: Int = 1, seed: UInt64 = 0) throws -> (lines: [String], app: EmulatedApp) {
        let manifest = try AppManifest(yaml: "app: com.example.news\n\(usage)\n\(lifecycle)\n", file: "app.yaml")
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        var options = AppRecipe.Options()
        options.configuration.seed = seed
        if lifecycle.isEmpty { options.configuration.launch = .atFirstOpen }
        let app = try AppRecipe.standard.app(manifest, engine: engine, timeline: timeline, options: options)
        app.start()
        engine.run(until: .defaultStart + day * days)
        let lines = timeline.events.compactMap { event -> String? in
            guard let record = event.kind as? LifecycleRecord else { return nil }
            let day = (event.time - .defaultStart) / Self.day
            return "d\(Int(day)) \(TextTimelineRenderer.time(event.time).suffix(8)) \(record.state.rawValue) \(record.reason ?? "")"
        }
        return (lines, app)
    }

    /// The day of the run `time` falls on.
    static func dayOf(_ time: SimTime) -> Int { Int((time - .defaultStart).components.seconds / 86_400) }
    /// The time of day of `time`, in seconds.
    static func secondOfDay(_ time: SimTime) -> Int64 { (time - .defaultStart).components.seconds % 86_400 }

    @Test func aUsageEntryOpensTheAppAndLeavesItAfterItsTime() throws {
        let (lines, app) = try Self.run("usage:\n  - {at: \"08:00\", for: 5m}", days: 2)
        #expect(lines.filter { !$0.contains("suspended") } == [
            "d0 08:00:00 foreground launched by the user",
            "d0 08:05:00 background the user left the app",
            "d1 08:00:00 foreground the user opened the app",
            "d1 08:05:00 background the user left the app",
        ])
        let expected: [SimTime] = [.defaultStart + .seconds(8 * 3600), .defaultStart + Self.day + .seconds(8 * 3600)]
        #expect(app.device.opens == expected)
    }

    @Test func jitterComesFromTheSeedAndDaysAndEveryChooseTheDays() throws {
        let usage = "usage:\n  - {at: \"12:00\", for: 1m, jitter: 30m, days: [thu, sat, sun]}\n  - {at: \"20:00\", for: 1m, every: 3d}"
        let first = try Self.run(usage, days: 7, seed: 7).app.device.opens
        let again = try Self.run(usage, days: 7, seed: 7).app.device.opens
        let other = try Self.run(usage, days: 7, seed: 8).app.device.opens
        #expect(first == again)
        #expect(first != other)
        let noon: [SimTime] = first.filter { Self.secondOfDay($0) < 16 * 3600 }
        // 2026-01-01 is a Thursday: days 0 (thu), 2 (sat) and 3 (sun); each within 30 minutes of noon.
        let noonDays: [Int] = noon.map(Self.dayOf)
        #expect(noonDays == [0, 2, 3])
        let shifts: [Int64] = noon.map { Self.secondOfDay($0) - 12 * 3600 }
        #expect(shifts.allSatisfy { abs($0) <= 1800 })
        #expect(shifts.contains { $0 != 0 })
        let eveningDays: [Int] = first.filter { Self.secondOfDay($0) >= 16 * 3600 }.map(Self.dayOf)
        #expect(eveningDays == [0, 3, 6])
    }

    @Test func historyIsThePatternBeforeTheRun() throws {
        let (_, app) = try Self.run("usage:\n  - {at: \"08:00\", for: 5m}\nhistory: 3d")
        let expected: [SimTime] = [3, 2, 1].map { (days: Int) in .defaultStart - Self.day * days + .seconds(8 * 3600) }
        #expect(app.device.history == expected)
    }

    @Test func lifecycleStepsStillApplyBesideIt() throws {
        let (lines, _) = try Self.run(
            "usage:\n  - {at: \"08:00\", for: 5m}", lifecycle: "lifecycle:\n  - {at: 1m, app: background}\n  - {at: 8h2m, app: forceQuit}\n  - {at: 9h, app: foreground}")
        #expect(lines.contains("d0 08:00:00 foreground the user opened the app"))
        #expect(lines.contains("d0 08:02:00 terminated the user force-quit the app"))
        #expect(lines.contains("d0 09:00:00 foreground launched by the user"))
        // The usage open's end finds the app no longer its own: the app the user opened at 09:00 stays open.
        #expect(!lines.contains { $0.hasPrefix("d0 08:05:00") })
    }
}
