import BackgroundTestKit
import Testing
import UIKit

/// An app with Foundation timers of every kind Linux's Foundation has (no target–selector form: there is no
/// Objective-C runtime).
final class TimerApp: UIResponder, UIApplicationDelegate {
    var once: [Date] = []
    var ticks: [Date] = []
    var added: [Date] = []
    var invalidatedFired = 0
    var timers: [Timer] = []

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        timers.append(Timer.scheduledTimer(withTimeInterval: 90, repeats: false) { _ in
            MainActor.assumeIsolated { self.once.append(Date()) }
        })
        timers.append(Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { timer in
            let done = MainActor.assumeIsolated {
                self.ticks.append(Date())
                return self.ticks.count == 5
            }
            if done { timer.invalidate() }
        })
        let doomed = Timer.scheduledTimer(withTimeInterval: 30, repeats: false) { _ in
            MainActor.assumeIsolated { self.invalidatedFired += 1 }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 10) { doomed.invalidate() }
        let timer = Timer(fire: Date(timeIntervalSinceNow: 120), interval: 0, repeats: false) { _ in
            MainActor.assumeIsolated { self.added.append(Date()) }
        }
        RunLoop.main.add(timer, forMode: .common)
        return true
    }
}

/// An app with a repeating timer, to see what suspension does to it.
final class TickingApp: UIResponder, UIApplicationDelegate {
    var ticks: [Date] = []
    var timer: Timer?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        timer = Timer.scheduledTimer(withTimeInterval: 300, repeats: true) { _ in
            MainActor.assumeIsolated { self.ticks.append(Date()) }
        }
        return true
    }
}

@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct TimerTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func timersFireOnTheDevicesClock() async throws {
        let device = try EmulatedDevice(manifest: "app: com.example.timers")
        let app = TimerApp()
        let wall = ContinuousClock.now
        try await device.launch(app)
        try await device.run(for: .seconds(3600))
        #expect(ContinuousClock.now - wall < .seconds(30))
        #expect(app.once == [Self.start + 90])
        #expect(app.ticks == [60, 120, 180, 240, 300].map { Self.start + $0 })
        #expect(app.invalidatedFired == 0)
        #expect(app.added == [Self.start + 120])
    }

    @Test func aSuspendedAppsTimerFiresOnceWhenItRunsAgain() async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.timers
            lifecycle: [{at: 6m, app: background}, {at: 30m, app: foreground}]
            """)
        let app = TickingApp()
        try await device.launch(app)
        try await device.run(for: .seconds(40 * 60))
        // 5 min, then suspended from about 6 min (10, 15, … 25 missed) until 30 min: one firing then, and on at
        // the next multiples of 5 minutes (35, 40), as the main run loop does.
        #expect(app.ticks.map { $0.timeIntervalSince(Self.start) } == [300, 1800, 2100, 2400])
    }

    @Test func aForceQuitEndsTheTimersOfTheProcess() async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.timers
            lifecycle: [{at: 6m, app: forceQuit}, {at: 10m, app: foreground}]
            """)
        let app = TickingApp()
        try await device.launch(app)
        try await device.run(for: .seconds(40 * 60))
        #expect(app.ticks.map { $0.timeIntervalSince(Self.start) } == [300])
        let relaunched = try #require(device.appDelegate as? TickingApp)
        #expect(relaunched !== app)
        #expect(relaunched.ticks.map { $0.timeIntervalSince(Self.start) } == [900, 1200, 1500, 1800, 2100, 2400])
    }
}
