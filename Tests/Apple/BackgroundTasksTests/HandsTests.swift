import BackgroundDevice
import BackgroundTestKit
import Testing
import UIKit

/// The test's hands on EmulatedDevice give the events of the manifest's steps they stand for.
@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct HandsTests {
    static let manifest = """
        app: com.example.feed
        backgroundModes: [fetch]
        permittedIdentifiers: [com.example.feed.refresh]
        conditions: [{at: 0s, network: wifi, power: battery, battery: 80}]
        """

    /// The events of a day of `RefreshApp` on the manifest with `steps` as its `lifecycle:`, or, without
    /// steps, with `hands` done at its times.
    private func events(steps: String, hands: [(Duration, (EmulatedDevice) async throws -> Void)]) async throws -> [String] {
        let device = try EmulatedDevice(manifest: Self.manifest + "\nlifecycle: [\(steps)]\n")
        try await device.launch(RefreshApp())
        var elapsed = Duration.zero
        for (at, hand) in hands {
            try await device.run(for: at - elapsed)
            elapsed = at
            try await hand(device)
        }
        try await device.run(for: .seconds(3 * 3600) - elapsed)
        return device.events
    }

    @Test func movesRebootsForceQuitsAndTheDebuggersCommandsAreTheManifestsSteps() async throws {
        let scripted = try await events(
            steps: """
                {at: 1m, app: background}, {at: 20m, simulateLaunch: com.example.feed.refresh}, \
                {at: 21m, simulateExpiration: com.example.feed.refresh}, {at: 40m, app: foreground}, \
                {at: 41m, app: background}, {at: 1h, device: reboot}, {at: 2h, app: foreground}, {at: 2h1m, app: forceQuit}, \
                {at: 2h2m, simulateLaunch: com.example.feed.refresh}
                """, hands: [])
        let handed = try await events(steps: "", hands: [
            (.seconds(60), { try await $0.moveApp(to: .background) }),
            (.seconds(20 * 60), { try await $0.simulateLaunch(forTaskWithIdentifier: "com.example.feed.refresh") }),
            (.seconds(21 * 60), { try await $0.simulateExpiration(forTaskWithIdentifier: "com.example.feed.refresh") }),
            (.seconds(40 * 60), { try await $0.moveApp(to: .foreground) }),
            (.seconds(41 * 60), { try await $0.moveApp(to: .background) }),
            (.seconds(3600), { try await $0.reboot() }),
            (.seconds(7200), { try await $0.moveApp(to: .foreground) }),
            (.seconds(7260), { try await $0.forceQuit() }),
            (.seconds(7320), { try await $0.simulateLaunch(forTaskWithIdentifier: "com.example.feed.refresh") }),
        ])
        #expect(scripted.contains { $0.contains(#""event":"device""#) })
        #expect(scripted.contains { $0.contains(#""code":"simulate""#) })
        #expect(handed == scripted)
    }

    @Test func conditionsTheTestSetsAreTheManifestsEntry() async throws {
        let scripted: [String]
        do {
            let device = try EmulatedDevice(manifest: """
                app: com.example.feed
                backgroundModes: [fetch]
                permittedIdentifiers: [com.example.feed.refresh]
                conditions: [{at: 0s, network: wifi, power: battery, battery: 80}, {at: 10m, network: none}]
                lifecycle: [{at: 1m, app: background}]
                """)
            try await device.launch(RefreshApp())
            try await device.run(for: .seconds(3600))
            scripted = device.events
        }
        let device = try EmulatedDevice(manifest: Self.manifest + "\nlifecycle: [{at: 1m, app: background}]\n")
        try await device.launch(RefreshApp())
        try await device.run(for: .seconds(600))
        try await device.set(conditions: ConditionsChange(network: DeviceConditions.Network.none))
        try await device.run(for: .seconds(3000))
        #expect(scripted.contains { $0.contains(#""event":"conditions""#) && $0.contains(#""network":"none""#) })
        #expect(device.events == scripted)
    }
}
