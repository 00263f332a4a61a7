import BackgroundApp
import BackgroundCore
import BackgroundScheduler
import BackgroundTestKit
import Testing

/// What each mode does after `app: forceQuit`, until the user opens the app again (docs/DEVICE.md,
/// "After a force quit"). Transfers have their own tests (TransferModeTests).
@Suite struct ForceQuitTests {
    /// The lifecycle and task events of `LifecycleStepTests.run` with `lifecycle`, on a device that
    /// becomes idle at 10 m.
    static func run(_ lifecycle: String, configure: (inout EmulatedApp.Configuration) -> Void = { _ in }) async throws -> [String] {
        try await LifecycleStepTests.run(lifecycle, conditions: "[{at: 0s, idle: false}, {at: 10m, idle: true}]", configure: configure)
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

    /// Apple DTS: "The “has the user launched this app” flag persists across restarts." (thread 15808): a
    /// restart does not lift the hold; only `rebootLiftsForceQuit` (the old App Programming Guide) does.
    @Test func aRebootKeepsTheHoldOnRefreshTasksUnlessConfigured() async throws {
        let steps = "[{at: 0s, app: foreground, submit: sync}, {at: 1m, app: forceQuit}, {at: 20m, device: reboot}, {at: 21m, device: unlock}]"
        let kept = try await Self.run(steps)
        #expect(!kept.contains { $0.contains("task.launched sync") }, "\(kept)")
        let lifted = try await Self.run(steps) { $0.rebootLiftsForceQuit = true }
        #expect(lifted.first { $0.contains("task.launched sync") } == "1260s task.launched sync", "\(lifted)")
        #expect(lifted.contains("1260s background (relaunched: task sync launched)"), "\(lifted)")
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
