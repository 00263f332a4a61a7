import BackgroundTasks
import BackgroundTestKit
import Testing
import UIKit

/// An app that reads the clock every way Foundation, Dispatch and Swift offer.
final class ClockApp: UIResponder, UIApplicationDelegate {
    var readings: [String: Date] = [:]

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        readings["Date()"] = Date()
        readings["Date.now"] = Date.now
        readings["Date(timeIntervalSinceNow: 60)"] = Date(timeIntervalSinceNow: 60)
        DispatchQueue.main.asyncAfter(deadline: .now() + 90) { self.readings["asyncAfter 90 s"] = Date() }
        Task {
            try await Task.sleep(for: .seconds(3600))
            readings["Task.sleep 1 h"] = Date()
            try await Task.sleep(nanoseconds: 1_000_000_000)
            readings["Task.sleep(nanoseconds:) 1 s"] = Date()
        }
        return true
    }
}

/// An app whose launch starts a `Task` that works off the main actor and then sleeps 20 s, with other work of the device's due at 50 s.
final class SleeperApp: UIResponder, UIApplicationDelegate {
    var wokeAt: Date?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        DispatchQueue.main.asyncAfter(deadline: .now() + 50) {}
        Task {
            await Self.crunch()
            try await Task.sleep(for: .seconds(20))
            wokeAt = Date()
        }
        return true
    }

    /// Work off the main actor, a job on Swift's global executor: 300 ms of the machine's time.
    nonisolated static func crunch() async {
        usleep(300_000)
    }
}

@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct TimeTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func theAppsCodeSeesTheDevicesClockEveryWay() async throws {
        let device = try EmulatedDevice(manifest: "app: com.example.clock")
        let app = ClockApp()
        let wall = ContinuousClock.now
        try await device.launch(app)
        try await device.run(for: .seconds(2 * 3600))
        #expect(ContinuousClock.now - wall < .seconds(30))
        #expect(app.readings["Date()"] == Self.start)
        #expect(app.readings["Date.now"] == Self.start)
        #expect(app.readings["Date(timeIntervalSinceNow: 60)"] == Self.start + 60)
        #expect(app.readings["asyncAfter 90 s"] == Self.start + 90)
        #expect(app.readings["Task.sleep 1 h"] == Self.start + 3600)
        #expect(app.readings["Task.sleep(nanoseconds:) 1 s"] == Self.start + 3601)
        #expect(device.now == Self.start + 7200)
    }

    @Test func theTestsOwnCodeKeepsTheMachinesSleeps() async throws {
        let device = try EmulatedDevice(manifest: "app: com.example.clock")
        try await device.launch(ClockApp())
        let wall = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(50))
        #expect(ContinuousClock.now - wall >= .milliseconds(50))
    }

    /// The app's `Task` works off the main actor for a while (on a thread of Swift's pool, where the main
    /// queue cannot see it) before it sleeps: the device's time waits for it.
    @Test func timeWaitsForTheAppsWorkOffTheMainActor() async throws {
        let device = try EmulatedDevice(manifest: "app: com.example.sleeper")
        let app = SleeperApp()
        try await device.launch(app)
        try await device.run(for: .seconds(60))
        #expect(app.wokeAt == Self.start + 20)
    }
}
