import BackgroundApp
import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Testing

/// The manifest's `location: {authorization:, accuracy:}` and what it does to an emulated app's location.
@Suite struct LocationManifestTests {
    static let regions = "regions:\n  - {id: museum, lat: 47.3769, lon: 8.5517, radius: 200}\n"

    @Test func withoutTheKeyTheAppHasAlwaysAndFullAccuracy() throws {
        let manifest = try AppManifest(yaml: "app: x\n" + Self.regions, file: "m.yaml")
        #expect(manifest.locationAuthorization == .always && manifest.locationAccuracy == .full)
    }

    @Test(arguments: LocationAuthorization.allCases)
    func theKeyGivesTheAuthorization(_ authorization: LocationAuthorization) throws {
        let yaml = "app: x\nlocation: {authorization: \(authorization.rawValue), accuracy: reduced}\n"
        let manifest = try AppManifest(yaml: yaml, file: "m.yaml")
        #expect(manifest.locationAuthorization == authorization && manifest.locationAccuracy == .reduced)
    }

    @Test(arguments: [
        ("location: {authorization: sometimes}\n",
         "m.yaml:2: location.authorization: unknown location authorization 'sometimes' (expected always, whenInUse or denied)"),
        ("location: {accuracy: precise}\n", "m.yaml:2: location.accuracy: unknown location accuracy 'precise' (expected full or reduced)"),
        ("location: {authorisation: always}\n", "location.authorisation: unknown key 'authorisation'"),
    ])
    func badValuesNameTheKey(_ yaml: String, _ expected: String) {
        #expect {
            try AppManifest(yaml: "app: x\n" + yaml, file: "m.yaml")
        } throws: { error in
            "\(error)".contains(expected)
        }
    }

    @Test func aWhenInUseAppGetsNoRegionEventsAndTheTimelineSaysWhy() async throws {
        let walk = LocationScenario.walk(from: (47.3769, 8.5417), bearing: 90, duration: .seconds(900))
        var scenario = LocationScenario(fixes: walk)
        scenario.app = try AppManifest(yaml: "app: x\nlocation: {authorization: whenInUse}\n" + Self.regions, file: "m.yaml")
        let events = try await scenario.run()
        #expect(!events.contains { $0.kind.name == "enter" || $0.kind.name == "state" })
        #expect(events.contains { ($0.kind as? ErrorRecord)?.code == "alwaysAuthorizationRequired" })

        scenario.app = try AppManifest(yaml: "app: x\n" + Self.regions, file: "m.yaml")
        #expect(try await scenario.run().contains { $0.kind.name == "enter" })
    }
}

/// `location: {updates: none}` (CONTRACTS.md §12): an app that only monitors regions is suspended between
/// their events even with the `location` mode; `continuous`, the default, keeps it running.
@Suite struct LocationUpdatesTests {
    static let regions = """
        backgroundModes: [location]
        regions: [{id: museum, lat: 47.3769, lon: 8.5517, radius: 200}]
        lifecycle: [{at: 10s, app: background}]

        """

    static func lifecycle(_ location: String) async throws -> [String] {
        let walk = LocationScenario.walk(from: (47.3769, 8.5417), bearing: 90, duration: .seconds(900))
        var scenario = LocationScenario(fixes: walk)
        scenario.updatesLocation = true
        scenario.app = try AppManifest(yaml: "app: x\n" + location + Self.regions, file: "m.yaml")
        return try await scenario.run().compactMap { event in
            event.kind.name == "lifecycle" ? event.kind.textDetail : nil
        }
    }

    @Test func updatesNoneIsSuspendedBetweenRegionEvents() async throws {
        let none = try await Self.lifecycle("location: {updates: none}\n")
        #expect(none.contains { $0.hasPrefix("suspended") }, "\(none)")
        #expect(none.contains { $0.contains("region museum entered") }, "woken by the entry: \(none)")
        let continuous = try await Self.lifecycle("")
        #expect(!continuous.contains { $0.hasPrefix("suspended") }, "\(continuous)")
        #expect(try AppManifest(yaml: "app: x\nlocation: {updates: none}\n", file: "m.yaml").locationUpdates == .none)
    }
}
