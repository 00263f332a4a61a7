import BackgroundApp
import BackgroundCore
import BackgroundTasks
import BackgroundTestKit
import Testing

/// What each mode does after `app: forceQuit`, until the user opens the app again (docs/DEVICE.md,
/// "After a force quit"). Transfers have their own tests (TransferModeTests).
@Suite struct ForceQuitTests {
    /// Runs a task app through `lifecycle` for an hour: `sync` (refresh, not before 5 m), `job`
    /// (processing), on a device that becomes idle at 10 m; its lifecycle and task events.
    static func run(_ lifecycle: String, configure: (inout EmulatedApp.Configuration) -> Void = { _ in }) async throws -> [String] {
        let manifest = try AppManifest(yaml: """
            app: com.example.quit
            backgroundModes: [fetch, processing]
            permittedIdentifiers: [sync, job]
            tasks:
              sync: {kind: refresh, earliestBegin: 5m, work: 10s}
              job: {kind: processing, work: 1m}
            conditions:
              - {at: 0s, idle: false}
              - {at: 10m, idle: true}
            lifecycle: \(lifecycle)
            """, file: "app.yaml")
        var configuration = EmulatedApp.Configuration()
        configure(&configuration)
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let app = try EmulatedApp(
            manifest: manifest, engine: engine, timeline: timeline, modes: EmulatedApp.standardModes(location: nil, audio: nil),
            configuration: configuration)
        app.start()
        try await app.linger(upTo: .seconds(3600))
        return timeline.events.compactMap { event in
            let at = "\(Int((event.time - .defaultStart).seconds))s"
            switch event.kind {
            case let r as LifecycleRecord: return "\(at) \(r.state.rawValue) (\(r.reason ?? ""))"
            case let r as TaskRecord: return "\(at) \(r.name) \(r.task)"
            default: return nil
            }
        }
    }

    @Test func aRefreshTaskWaitsUntilTheUserOpensTheApp() async throws {
        let quit = try await Self.run("""
            [{at: 0s, app: foreground, submit: sync}, {at: 1m, app: forceQuit}, {at: 20m, app: foreground}]
            """)
        #expect(quit.contains("60s terminated (the user force-quit the app)"))
        #expect(quit.first { $0.contains("task.launched sync") } == "1200s task.launched sync", "\(quit)")
        let left = try await Self.run("[{at: 0s, app: foreground, submit: sync}, {at: 1m, app: background}]")
        #expect(left.contains("300s task.launched sync"), "without the force quit it launches at its earliest begin")
    }

    @Test func aProcessingTaskStillRelaunchesTheApp() async throws {
        let events = try await Self.run("[{at: 0s, app: foreground, submit: job}, {at: 1m, app: forceQuit}]")
        #expect(events.contains("600s task.launched job"), "\(events)")
        #expect(events.contains("600s background (relaunched: task job launched)"))
    }

    @Test func whichKindsWaitIsConfigurable() async throws {
        let events = try await Self.run("""
            [{at: 0s, app: foreground, submit: job}, {at: 1m, app: forceQuit}, {at: 30m, app: foreground}]
            """) { $0.tasksHeldAfterForceQuit = [.refresh, .processing] }
        #expect(events.first { $0.contains("task.launched job") } == "1800s task.launched job", "\(events)")
    }

    @Test func regionEventsRelaunchAForceQuitApp() async throws {
        let app = try EmulatedAppTests.App(
            modes: "fetch", onEnter: "{submit: sync}", lifecycle: "[{at: 0s, app: foreground}, {at: 30s, app: forceQuit}]")
        let events = try await app.run()
        let t = try EmulatedAppTests.time(of: "enter museum", in: events)
        #expect(events.contains("\(t)s background (relaunched: region museum entered)"), "\(events)")
        #expect(events.contains("\(t)s task.submitted sync"))
    }

    @Test func withoutLocationRelaunchesTheEventsWaitForTheUser() async throws {
        let app = try EmulatedAppTests.App(
            modes: "fetch", onEnter: "{submit: sync}", onExit: "{submit: sync}",
            lifecycle: "[{at: 0s, app: foreground}, {at: 30s, app: forceQuit}, {at: 250s, app: foreground}, {at: 260s, app: background}]")
        let events = try await app.run { $0.appConfiguration.locationRelaunchesAfterForceQuit = false }
        let entered = try EmulatedAppTests.time(of: "enter museum", in: events)
        #expect(entered < 250)
        #expect(!events.contains { $0.contains("relaunched") || $0.contains("task.submitted") && $0.hasPrefix("\(entered)s") }, "\(events)")
        let exited = try EmulatedAppTests.time(of: "exit museum", in: events)
        #expect(events.contains("\(exited)s background (region museum exited)"), "opening the app lifts the force quit")
    }
}
