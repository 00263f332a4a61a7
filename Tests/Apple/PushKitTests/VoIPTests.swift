import BackgroundTestKit
import Testing
import UIKit

@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct VoIPTests {
    static let manifest = """
        app: com.example.phone
        backgroundModes: [voip]
        lifecycle: [{at: 10s, app: background}]
        pushes:
          - {at: 1m, payload: {aps: {}, caller: ada}, pushType: voip}
          - {at: 2m, payload: {aps: {}, caller: bob}, pushType: voip}
          - {at: 3m, payload: {aps: {}, caller: cy}, pushType: voip}
          - {at: 4m, payload: {aps: {}, caller: di}, pushType: voip}
        """

    @Test func aVoIPPushReportedToCallKitKeepsTheAppAndEveryPushArrives() async throws {
        VoIPApp.reportsCalls = true
        VoIPApp.pushes = []
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = VoIPApp()
        try await device.launch(app)
        try await device.run(for: .seconds(5 * 60))
        #expect(app.token?.count == 32)
        let current = try #require(device.appDelegate as? VoIPApp)
        #expect(current === app, "the app was never relaunched")
        #expect(VoIPApp.pushes.map(\.1) == ["ada", "bob", "cy", "di"])
        #expect(VoIPApp.pushes.first?.0 == Date(timeIntervalSince1970: 1_767_225_600 + 60))
        #expect(!device.events.contains { $0.contains(#""event":"lifecycle","state":"terminated""#) }, "\(device.events)")
        #expect(device.events.contains { $0.contains("the app reported an incoming call to CallKit") })
    }

    /// PKPushType.voIP: "the system terminates your app if you fail to report these notifications to CallKit.
    /// If your app repeatedly fails to report VoIP notifications to CallKit, the system stops launching your
    /// app for VoIP push notifications."
    @Test func aVoIPPushNotReportedEndsTheAppAndRepeatedFailuresStopTheDelivery() async throws {
        VoIPApp.reportsCalls = false
        VoIPApp.pushes = []
        let device = try EmulatedDevice(manifest: Self.manifest)
        try await device.launch(VoIPApp())
        try await device.run(for: .seconds(5 * 60))
        let terminations = device.events.filter { $0.contains("the app did not report an incoming call to CallKit") }
        #expect(terminations.count == 3, "\(device.events.joined(separator: "\n"))")
        // Each push relaunched the app (a new delegate each time) until the third failure; the fourth is dropped.
        #expect(VoIPApp.pushes.map(\.1) == ["ada", "bob", "cy"])
        #expect(device.events.contains { $0.contains(#""event":"push.dropped","push":4"#) && $0.contains("voipCallNotReported") },
                "\(device.events.joined(separator: "\n"))")
    }
}
