import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Testing

/// The test kit on the bundled traces: a region-entry test in a few lines.
@Suite struct LocationScenarioTests {
    static func trace(_ name: String) -> String { "\(TestSupport.packageRoot)/Traces/\(name)" }

    @Test(arguments: ["walk-through-region.gpx", "walk-through-region.nmea"])
    func theBundledWalkEntersAndLeavesLindenhof(_ name: String) async throws {
        let walk = Self.trace(name)
        let events = try await LocationScenario(trace: walk, regions: walk + ".regions.geojson").run()
        #expect(events.map(\.kind.name) == ["state", "enter", "exit"])
        #expect(events.first?.kind == .state(region: "lindenhof", state: .outside))
    }

    @Test func standingOnTheEdgeWithJitterNeverFlaps() async throws {
        let loiter = Self.trace("loiter-edge.gpx")
        var scenario = try LocationScenario(trace: loiter, regions: loiter + ".regions.geojson")
        let withHysteresis = try await scenario.run().filter { $0.kind.name == "enter" || $0.kind.name == "exit" }
        scenario.configuration.entryHysteresis = 0
        scenario.configuration.exitHysteresis = 0
        scenario.configuration.minimumDwell = .zero
        let bare = try await scenario.run().filter { $0.kind.name == "enter" || $0.kind.name == "exit" }
        #expect(withHysteresis.count <= 2)
        #expect(bare.count > withHysteresis.count, "the trace's jitter does cross the bare boundary")
    }

    @Test func aGapInFixesStillReportsTheEntryAfterTheDwell() async throws {
        let gap = Self.trace("gps-gap.gpx")
        let scenario = try LocationScenario(trace: gap, regions: gap + ".regions.geojson")
        let events = try await scenario.run()
        let enter = try #require(events.first { $0.kind.name == "enter" })
        let firstAfterGap = try #require(scenario.fixes.first { $0.time! >= SimTime(rfc3339: "2026-03-04T17:10:00Z")! })
        #expect(enter.time >= firstAfterGap.time!)
        #expect(enter.time <= firstAfterGap.time! + scenario.configuration.minimumDwell)
    }
}
