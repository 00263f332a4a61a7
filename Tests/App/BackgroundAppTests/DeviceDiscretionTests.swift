import BackgroundApp
import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import BackgroundTransfers
import Testing

/// The device's one discretion in the emulated app (issue 33): the scheduler and the background session ask
/// the device's `SystemDiscretion` (the pushes' policy too: `RealisticPushTests` sets its numbers on the
/// app's `configuration.discretion`), and its usage history holds every move of the app to the foreground
/// and the opens before the run, once.
@Suite struct DeviceDiscretionTests {
    static let day = Duration.seconds(86_400)

    static func app(_ yaml: String, realistic: Bool = true) throws -> (app: EmulatedApp, engine: EventEngine) {
        let manifest = try AppManifest(yaml: "app: com.example.news\n\(yaml)\n", file: "app.yaml")
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        var options = AppRecipe.Options()
        if realistic { options.configuration.scheduler.policy = .realistic(seed: 3) }
        options.configuration.discretion.cellularBytesPerDay = 1_234
        let app = try AppRecipe.standard.app(manifest, engine: engine, timeline: timeline, options: options)
        return (app, engine)
    }

    @Test func theSchedulerAndTheSessionAskTheDevicesDiscretion() throws {
        let (app, _) = try Self.app("backgroundModes: [fetch]\npermittedIdentifiers: [com.example.refresh]")
        let discretion = app.device.discretion
        #expect(app.mode(TaskMode.self)?.scheduler.discretion === discretion)
        #expect(app.mode(TransferMode.self)?.transfers.session.discretion === discretion)
        #expect(discretion.policy == .realistic(seed: 3))
        #expect(discretion.configuration.cellularBytesPerDay == 1_234)
    }

    @Test func theUsageHistoryHoldsEveryMoveToTheForegroundAndTheHistoryOnce() throws {
        let (app, engine) = try Self.app("""
            usage:
              - {at: "08:00", for: 5m}
            history: 2d
            lifecycle:
              - {at: 1m, app: background}
              - {at: 2m, app: foreground}
              - {at: 3m, app: foreground}
              - {at: 4m, app: background}
            """)
        app.start()
        engine.run(until: .defaultStart + Self.day + .seconds(9 * 3_600))
        let start = SimTime.defaultStart
        let eight = Duration.seconds(8 * 3_600)
        // The launch into the foreground counts, the second foreground step (already there) does not.
        #expect(app.device.opens == [start, start + .seconds(120), start + eight, start + Self.day + eight])
        #expect(app.device.history == [start - Self.day * 2 + eight, start - Self.day + eight])
        #expect(app.device.discretion.opens == app.device.history + app.device.opens)
    }
}
