import BackgroundApp
import BackgroundCore
import Testing

/// The lifecycle rules on virtual time, one test per rule (docs/DEVICE.md, "Lifecycle rules").
@Suite struct AppLifecycleTests {
    /// A lifecycle on a fresh engine, launched into the foreground at 0 s.
    final class Fixture {
        let engine = EventEngine(start: .defaultStart)
        let timeline: Timeline
        let lifecycle: AppLifecycle
        var launches = 0
        var terminations = 0

        init(_ configuration: AppLifecycle.Configuration = AppLifecycle.Configuration()) {
            timeline = Timeline(engine: engine, keepingEvents: true)
            lifecycle = AppLifecycle(engine: engine, timeline: timeline, configuration: configuration)
            lifecycle.addLaunchListener { [unowned self] in launches += 1 }
            lifecycle.addTerminationListener { [unowned self] in terminations += 1 }
            lifecycle.launch(reason: "launched by the user")
        }

        func at(_ seconds: Int64, _ action: @escaping (AppLifecycle) -> Void) {
            engine.schedule(at: .defaultStart + .seconds(seconds)) { [lifecycle] in action(lifecycle) }
        }

        /// Every `lifecycle` event as "SECONDS state (reason)".
        func run(until seconds: Int64 = 3_600) -> [String] {
            engine.run(until: .defaultStart + .seconds(seconds))
            return timeline.events.compactMap { event in
                guard let record = event.kind as? LifecycleRecord else { return nil }
                let at = (event.time - .defaultStart).seconds
                return "\(at.rounded() == at ? "\(Int(at))" : "\(at)")s \(record.state.rawValue) (\(record.reason ?? ""))"
            }
        }
    }

    @Test func leavingTheForegroundSuspendsAfterTheGracePeriod() {
        let f = Fixture()
        f.at(60) { $0.moveToBackground(reason: "the user left the app") }
        #expect(f.run() == [
            "0s foreground (launched by the user)",
            "60s background (the user left the app)",
            "65s suspended (the system's background task after leaving the foreground ended)",
        ])
    }

    @Test(arguments: [0, 5, 20])
    func theGracePeriodIsConfigurable(seconds: Int64) {
        var configuration = AppLifecycle.Configuration()
        configuration.backgroundGrace = .seconds(seconds)
        let f = Fixture(configuration)
        f.at(60) { $0.moveToBackground(reason: "left") }
        let events = f.run()
        #expect(events.last?.hasPrefix("\(60 + seconds)s suspended") == true, "\(events)")
    }

    @Test func aRunningTaskKeepsTheAppRunningUntilItEnds() {
        let f = Fixture()
        f.at(10) { $0.begin(.task("sync"), reason: "task sync launched") }
        f.at(60) { $0.moveToBackground(reason: "left") }
        f.at(200) { $0.end(.task("sync"), reason: "task sync completed") }
        #expect(f.run() == [
            "0s foreground (launched by the user)", "60s background (left)", "200s suspended (task sync completed)",
        ])
    }

    @Test func aTaskLaunchWakesASuspendedApp() {
        let f = Fixture()
        f.at(60) { $0.moveToBackground(reason: "left") }
        f.at(500) { $0.begin(.task("sync"), reason: "task sync launched") }
        f.at(530) { $0.end(.task("sync"), reason: "task sync completed") }
        #expect(f.run().suffix(3) == [
            "65s suspended (the system's background task after leaving the foreground ended)",
            "500s background (task sync launched)", "530s suspended (task sync completed)",
        ])
    }

    @Test func backgroundAudioKeepsTheAppRunningUntilItFinishes() {
        let f = Fixture()
        f.at(30) { $0.begin(.audio, reason: "audio tour.wav playing") }
        f.at(60) { $0.moveToBackground(reason: "left") }
        f.at(300) { $0.end(.audio, reason: "audio tour.wav finished") }
        #expect(f.run().last == "300s suspended (audio tour.wav finished)")
    }

    @Test func backgroundLocationUpdatesKeepTheAppRunning() {
        let f = Fixture()
        f.at(0) { $0.begin(.location, reason: "continuous location updates in the background") }
        f.at(60) { $0.moveToBackground(reason: "left") }
        #expect(f.run(until: 86_400) == ["0s foreground (launched by the user)", "60s background (left)"])
    }

    @Test func aRegionEventWakesASuspendedAppForTheWakeWindow() {
        let f = Fixture()
        f.at(60) { $0.moveToBackground(reason: "left") }
        f.at(400) { $0.wake(reason: "region museum entered") }
        #expect(f.run().suffix(2) == ["400s background (region museum entered)", "410s suspended (the wake window ended)"])
    }

    @Test func aSecondEventExtendsTheWakeWindow() {
        var configuration = AppLifecycle.Configuration()
        configuration.wakeWindow = .seconds(20)
        let f = Fixture(configuration)
        f.at(60) { $0.moveToBackground(reason: "left") }
        f.at(400) { $0.wake(reason: "region museum entered") }
        f.at(415) { $0.wake(reason: "region museum exited") }
        #expect(f.run().suffix(2) == ["400s background (region museum entered)", "435s suspended (the wake window ended)"])
    }

    @Test func eventsRelaunchATerminatedApp() {
        let f = Fixture()
        f.at(60) { $0.terminate(reason: "the user terminated the app") }
        f.at(400) { $0.wake(reason: "region museum entered") }
        f.at(900) { $0.begin(.task("sync"), reason: "task sync launched") }
        f.at(930) { $0.end(.task("sync"), reason: "task sync completed") }
        #expect(f.run() == [
            "0s foreground (launched by the user)",
            "60s terminated (the user terminated the app)",
            "400s background (relaunched: region museum entered)",
            "410s suspended (the wake window ended)",
            "900s background (task sync launched)",
            "930s suspended (task sync completed)",
        ])
        #expect(f.launches == 2, "launched, then relaunched once: the task found it suspended, not terminated")
        #expect(f.terminations == 1)
    }

    @Test func terminationEndsEveryActivity() {
        let f = Fixture()
        f.at(10) { $0.begin(.audio, reason: "audio playing") }
        f.at(20) { $0.begin(.task("sync"), reason: "task sync launched") }
        f.at(60) { $0.terminate(reason: "the user terminated the app") }
        f.at(70) { $0.end(.task("sync"), reason: "task sync completed") }
        #expect(f.run().last == "60s terminated (the user terminated the app)")
        #expect(f.lifecycle.activities.isEmpty)
    }

    @Test func theForegroundEndsTheGracePeriodAndTheWakeWindow() {
        let f = Fixture()
        f.at(60) { $0.moveToBackground(reason: "left") }
        f.at(62) { $0.moveToForeground(reason: "the user opened the app") }
        f.at(200) { $0.moveToBackground(reason: "left again") }
        #expect(f.run() == [
            "0s foreground (launched by the user)", "60s background (left)", "62s foreground (the user opened the app)",
            "200s background (left again)", "205s suspended (the system's background task after leaving the foreground ended)",
        ])
    }

    @Test func aSuspensionWithoutGraceWaitsOnlyForRealWork() {
        let f = Fixture()
        f.at(10) { $0.begin(.task("sync"), reason: "task sync launched") }
        f.at(60) { $0.moveToBackground(reason: "the system suspended the app", gracePeriod: false) }
        f.at(80) { $0.end(.task("sync"), reason: "task sync completed") }
        #expect(f.run().suffix(2) == ["60s background (the system suspended the app)", "80s suspended (task sync completed)"])
    }

    // MARK: Background tasks

    /// Every `backgroundTask.*` event as "SECONDS event name".
    static func backgroundTaskEvents(_ f: Fixture) -> [String] {
        f.timeline.events.compactMap { event in
            guard let record = event.kind as? BackgroundTaskRecord else { return nil }
            return "\(Int((event.time - .defaultStart).seconds))s \(record.name) \(record.task)"
        }
    }

    @Test func leavingTheForegroundIsTheSystemsBackgroundTask() {
        let f = Fixture()
        f.at(60) { $0.moveToBackground(reason: "left") }
        _ = f.run()
        #expect(Self.backgroundTaskEvents(f) == ["60s backgroundTask.begun system", "65s backgroundTask.ended system"])
    }

    @Test func aGraceLongerThanTheBackgroundTaskTimeEndsAtItsExpiration() {
        var configuration = AppLifecycle.Configuration()
        configuration.backgroundGrace = .seconds(180)
        let f = Fixture(configuration)
        f.at(60) { $0.moveToBackground(reason: "left") }
        #expect(f.run().last == "85s suspended (the system's background task expired)")
        #expect(Self.backgroundTaskEvents(f).suffix(2) == ["85s backgroundTask.expired system", "85s backgroundTask.ended system"])
    }

    @Test func aBackgroundTaskEndedInTimeKeepsTheAppRunningUntilItsEnd() {
        let f = Fixture()
        var task = AppLifecycle.BackgroundTaskIdentifier.invalid
        var remaining: [Duration?] = []
        f.at(50) { task = $0.beginBackgroundTask(withName: "save"); remaining.append($0.backgroundTimeRemaining) }
        f.at(60) { $0.moveToBackground(reason: "left") }
        f.at(72) { remaining.append($0.backgroundTimeRemaining); $0.endBackgroundTask(task) }
        #expect(f.run() == ["0s foreground (launched by the user)", "60s background (left)", "72s suspended (background task save ended)"])
        #expect(Self.backgroundTaskEvents(f) == ["50s backgroundTask.begun save", "72s backgroundTask.ended save"])
        #expect(remaining == [nil, .seconds(18)], "unbounded in the foreground; the 30 s count from leaving it")
    }

    @Test(arguments: [30, 180])
    func theExpirationHandlerRunsShortlyBeforeTheTimeRunsOut(seconds: Int64) {
        var configuration = AppLifecycle.Configuration()
        configuration.backgroundTaskTime = .seconds(seconds)
        let f = Fixture(configuration)
        var task = AppLifecycle.BackgroundTaskIdentifier.invalid
        f.at(60) { lifecycle in
            task = lifecycle.beginBackgroundTask(withName: "upload") { lifecycle.endBackgroundTask(task) }
            lifecycle.moveToBackground(reason: "left")
        }
        let end = 60 + seconds - 5
        #expect(f.run().last == "\(end)s suspended (background task upload ended)")
        #expect(Self.backgroundTaskEvents(f) == [
            "60s backgroundTask.begun upload", "\(end)s backgroundTask.expired upload", "\(end)s backgroundTask.ended upload",
        ])
    }

    @Test func aTaskNotEndedWhenTheTimeRunsOutGetsTheAppTerminated() {
        var configuration = AppLifecycle.Configuration()
        configuration.expirationWarning = .seconds(2)
        let f = Fixture(configuration)
        var handled: [Double] = []
        f.at(60) { lifecycle in
            _ = lifecycle.beginBackgroundTask(withName: "stubborn") { handled.append((f.engine.now - .defaultStart).seconds) }
            lifecycle.moveToBackground(reason: "left")
        }
        #expect(f.run().last == "90s terminated (background task stubborn was not ended before its time ran out)")
        #expect(handled == [88])
        #expect(f.terminations == 1)
    }

    @Test func theTimeIsSharedByEveryBackgroundTask() {
        let f = Fixture()
        var first = AppLifecycle.BackgroundTaskIdentifier.invalid
        var second = AppLifecycle.BackgroundTaskIdentifier.invalid
        f.at(60) { lifecycle in
            first = lifecycle.beginBackgroundTask(withName: "a") { lifecycle.endBackgroundTask(first) }
            lifecycle.moveToBackground(reason: "left")
        }
        f.at(80) { lifecycle in second = lifecycle.beginBackgroundTask(withName: "b") { lifecycle.endBackgroundTask(second) } }
        #expect(f.run().last == "85s suspended (background task b ended)")
        #expect(Self.backgroundTaskEvents(f).suffix(4) == [
            "85s backgroundTask.expired a", "85s backgroundTask.ended a", "85s backgroundTask.expired b", "85s backgroundTask.ended b",
        ])
    }

    @Test func aSuspendedAppCannotBeginABackgroundTask() {
        let f = Fixture()
        var task: AppLifecycle.BackgroundTaskIdentifier?
        f.at(100) { task = $0.beginBackgroundTask(withName: "late") }
        f.at(60) { $0.moveToBackground(reason: "left") }
        _ = f.run()
        #expect(task == .invalid)
        #expect(f.lifecycle.state == .suspended)
        #expect(f.lifecycle.backgroundTimeRemaining == .zero)
    }

    @Test func theForegroundLiftsTheLimitAndEndsTheSystemsTask() {
        let f = Fixture()
        var task = AppLifecycle.BackgroundTaskIdentifier.invalid
        f.at(50) { task = $0.beginBackgroundTask(withName: "long") }
        f.at(60) { $0.moveToBackground(reason: "left") }
        f.at(70) { $0.moveToForeground(reason: "back") }
        f.at(500) { $0.endBackgroundTask(task) }
        #expect(f.run().last == "70s foreground (back)", "no expiration or termination in the foreground")
        #expect(Self.backgroundTaskEvents(f) == ["50s backgroundTask.begun long", "500s backgroundTask.ended long"])
    }
}
