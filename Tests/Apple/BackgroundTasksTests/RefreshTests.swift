import BackgroundTestKit
import Testing
import UIKit

@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct RefreshTests {
    static let manifest = """
        app: com.example.feed
        backgroundModes: [fetch]
        permittedIdentifiers: [com.example.feed.refresh]
        conditions: [{at: 0s, network: wifi, power: battery, battery: 80}]
        lifecycle: [{at: 1m, app: background}]
        """

    @Test func theLaunchSeesTheDevicesClock() async throws {
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = RefreshApp()
        try await device.launch(app)
        #expect(app.launchedAt == device.now)
        #expect(device.now == Date(timeIntervalSince1970: 1_767_225_600))
    }

    @Test func refreshesRunEveryFifteenMinutesAfterLeavingTheForeground() async throws {
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = RefreshApp()
        try await device.launch(app)
        try await device.run(for: .seconds(3600))
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        // Submitted at 1m, launched at the first whole minute at or after 16m, then every 15 minutes.
        let offsets: [TimeInterval] = app.refreshes.map { $0.timeIntervalSince(start) }
        #expect(offsets == [960, 1860, 2760])
        let completed = device.events.filter { $0.contains("\"task.completed\"") }
        #expect(completed.count == 3)
        #expect(completed.first == #"{"time":"2026-01-01T00:16:02Z","event":"task.completed","task":"com.example.feed.refresh","success":true}"#)
    }

    @Test func aHandlerThatCancelsItsWorkAtExpirationEndsUnsuccessfully() async throws {
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = RefreshApp()
        app.behaviour = .overrunsAndCancels
        try await device.launch(app)
        try await device.run(for: .seconds(17 * 60))
        #expect(app.expirations == 1)
        #expect(device.events.contains { $0.contains("\"task.expired\"") })
        #expect(device.events.contains { $0.contains(#""event":"task.completed","task":"com.example.feed.refresh","success":false"#) })
        #expect(!device.events.contains { $0.contains(#""state":"terminated""#) })
    }

    @Test func aHandlerThatIgnoresItsExpirationIsTerminatedAndRelaunchedWithANewDelegate() async throws {
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = RefreshApp()
        app.behaviour = .ignoresExpiration
        try await device.launch(app)
        try await device.run(for: .seconds(17 * 60))
        let terminated = device.events.first { $0.contains(#""state":"terminated""#) }
        #expect(terminated?.contains("had not called setTaskCompleted") == true)
        // The pending refresh (resubmitted by the handler) relaunches the app: a new delegate, made with init().
        try await device.run(for: .seconds(20 * 60))
        let relaunched = try #require(device.appDelegate as? RefreshApp)
        #expect(relaunched !== app)
        #expect(relaunched.refreshes.count == 1)
    }
}
