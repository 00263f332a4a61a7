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
            lifecycle.onLaunch = { [unowned self] in launches += 1 }
            lifecycle.onTerminate = { [unowned self] in terminations += 1 }
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
            "90s suspended (the grace period after leaving the foreground ended)",
        ])
    }

    @Test(arguments: [0, 5, 180])
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
            "90s suspended (the grace period after leaving the foreground ended)",
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
        f.at(70) { $0.moveToForeground(reason: "the user opened the app") }
        f.at(200) { $0.moveToBackground(reason: "left again") }
        #expect(f.run() == [
            "0s foreground (launched by the user)", "60s background (left)", "70s foreground (the user opened the app)",
            "200s background (left again)", "230s suspended (the grace period after leaving the foreground ended)",
        ])
    }

    @Test func aSuspensionWithoutGraceWaitsOnlyForRealWork() {
        let f = Fixture()
        f.at(10) { $0.begin(.task("sync"), reason: "task sync launched") }
        f.at(60) { $0.moveToBackground(reason: "the system suspended the app", gracePeriod: false) }
        f.at(80) { $0.end(.task("sync"), reason: "task sync completed") }
        #expect(f.run().suffix(2) == ["60s background (the system suspended the app)", "80s suspended (task sync completed)"])
    }
}
