import BackgroundTestKit
import CoreLocation
import Testing
import UIKit

@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct RegionTests {
    static let trace = "Traces/walk-through-region.gpx"

    @Test func aRegionEntryReachesTheAppsDelegateInTheBackgroundAtTheFixThatDecidedIt() async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.tour
            backgroundModes: [location]
            location: {authorization: always, accuracy: full}
            lifecycle: [{at: 10s, app: background}]
            """)
        let app = RegionApp()
        try await device.launch(app)
        try await device.replay(gpx: TestSupport.packageRoot + "/" + Self.trace)
        let entry = try #require(app.entered.first)
        #expect(entry.0 == "lindenhof")
        #expect(entry.2 == .background)
        let enter = try #require(device.events.first { $0.contains(#""event":"enter""#) })
        let time = try #require(enter.split(separator: "\"").dropFirst(3).first)
        #expect(ISO8601DateFormatter().date(from: String(time)) == entry.1)
        // The background task begun on entry holds the app for the 10 s the app's asyncAfter waits.
        let begun = try #require(device.events.firstIndex { $0.contains(#""event":"backgroundTask.begun","name":"visit""#) })
        let ended = try #require(device.events.firstIndex { $0.contains(#""event":"backgroundTask.ended","name":"visit""#) })
        #expect(begun < ended)
        #expect(device.monitoredRegionsOfNewManager == ["lindenhof"])
    }
}

extension EmulatedDevice {
    /// The regions a new CLLocationManager of the app reports: the system's, shared by every manager.
    var monitoredRegionsOfNewManager: [String] {
        CLLocationManager().monitoredRegions.map(\.identifier).sorted()
    }
}
