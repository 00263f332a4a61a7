import BackgroundTestKit
import Testing
import UIKit

/// A silent push handler as iOS apps write it.
final class PushApp: UIResponder, UIApplicationDelegate {
    enum Behaviour { case completes, late, never }
    var behaviour = Behaviour.completes
    var received: [(Date, [AnyHashable: Any])] = []

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        received.append((Date(), userInfo))
        let behaviour = behaviour
        Task {
            switch behaviour {
            case .completes:
                try await Task.sleep(for: .seconds(3))
                completionHandler(.newData)
            case .late:
                try await Task.sleep(for: .seconds(45))
                completionHandler(.newData)
            case .never:
                break
            }
        }
    }
}

@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct PushTests {
    static let manifest = """
        app: com.example.feed
        backgroundModes: [remote-notification]
        lifecycle: [{at: 1m, app: background}]
        pushes:
          - {at: 10m, payload: {aps: {content-available: 1}, action: sync}, priority: 5, pushType: background}
        """

    @Test func aPushReachesTheDelegateWithItsPayloadAndTheHandlersResultIsRecorded() async throws {
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = PushApp()
        try await device.launch(app)
        try await device.run(for: .seconds(15 * 60))
        let push = try #require(app.received.first)
        #expect(push.0 == Date(timeIntervalSince1970: 1_767_225_600 + 600))
        #expect(push.1["action"] as? String == "sync")
        #expect(device.events.contains(#"{"time":"2026-01-01T00:10:03Z","event":"push.completed","push":1,"result":"newData"}"#))
    }

    @Test(arguments: [PushApp.Behaviour.late, .never])
    func aCompletionHandlerCalledLateOrNeverGetsTheAppTerminated(_ behaviour: PushApp.Behaviour) async throws {
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = PushApp()
        app.behaviour = behaviour
        try await device.launch(app)
        try await device.run(for: .seconds(15 * 60))
        #expect(!device.events.contains { $0.contains("push.completed") })
        let terminated = try #require(device.events.first { $0.contains(#""state":"terminated""#) })
        #expect(terminated.hasPrefix(#"{"time":"2026-01-01T00:10:30Z""#))
        #expect(terminated.contains("did not call the completion handler within 30s"))
    }

    @Test func aPushTheTestSendsGivesTheEventsOfTheManifestsPush() async throws {
        let payload = #"{"aps": {"content-available": 1}, "action": "sync"}"#
        let scripted: [String]
        do {
            let device = try EmulatedDevice(manifest: """
                app: com.example.feed
                backgroundModes: [remote-notification]
                lifecycle: [{at: 1m, app: background}]
                pushes: [{at: 10m, payload: \(payload)}]
                """)
            try await device.launch(PushApp())
            try await device.run(for: .seconds(15 * 60))
            scripted = device.events
        }
        let device = try EmulatedDevice(manifest: """
            app: com.example.feed
            backgroundModes: [remote-notification]
            lifecycle: [{at: 1m, app: background}]
            """)
        let app = PushApp()
        try await device.launch(app)
        try await device.run(for: .seconds(10 * 60))
        try await device.push(payload)
        try await device.run(for: .seconds(5 * 60))
        #expect(app.received.first?.1["action"] as? String == "sync")
        #expect(scripted.contains { $0.contains("push.completed") })
        #expect(device.events == scripted)
    }

    @Test func aPushThatIsNotJSONIsNotDelivered() async throws {
        let device = try EmulatedDevice(manifest: Self.manifest)
        try await device.launch(PushApp())
        await #expect(throws: (any Error).self) { try await device.push("{aps") }
        #expect(!device.events.contains { $0.contains("push.") })
    }
}
