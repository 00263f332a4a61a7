import BackgroundApp
import BackgroundCore
import BackgroundTestKit
import Foundation
import Testing

/// `visits:` without a trace (CONTRACTS.md §12): the user enters the manifest's regions at the visits'
/// times, and every location rule applies — authorization, the 20-region limit, the state determined when
/// monitoring starts, the relaunch of a terminated or force-quit app for a region event.
@Suite struct VisitsModeTests {
    static let regions = """
        regions:
          - {id: office, lat: 47.3769, lon: 8.5417, radius: 150, onEnter: {submit: com.example.upload}}
          - {id: gym, lat: 47.3900, lon: 8.5100, radius: 100}

        """

    /// Runs `lines` after an app with an upload task and the regions for `days` from 2026-01-01 (a Thursday);
    /// every event but `conditions` as "HH:MM:SS name detail" (day 2 on: "dN HH:MM:SS …").
    static func events(
        _ lines: String, regions: String = regions, days: Int = 1, seed: UInt64 = 0, launch: EmulatedApp.Configuration.Launch = .byUser
    ) throws -> [String] {
        let yaml = """
            app: com.example.visits
            backgroundModes: [processing]
            permittedIdentifiers: [com.example.upload]
            tasks:
              com.example.upload: {kind: processing, work: 10s}
            \(regions)\(lines)
            """
        let manifest = try AppRecipe.standard.manifest(yaml: yaml, file: "app.yaml")
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        var options = AppRecipe.Options()
        options.configuration.seed = seed
        options.configuration.launch = launch
        let app = try AppRecipe.standard.app(manifest, engine: engine, timeline: timeline, options: options)
        app.start()
        engine.run(until: engine.now + .seconds(Int64(days) * 86_400 - 1))
        return timeline.events.compactMap { event in
            guard event.kind.name != "conditions" else { return nil }
            let seconds = Int((event.time - .defaultStart).seconds)
            let day = seconds / 86_400
            let clock = String(format: "%02d:%02d:%02d", seconds % 86_400 / 3600, seconds % 3600 / 60, seconds % 60)
            return "\(day > 0 ? "d\(day + 1) " : "")\(clock) \(event.kind.name) \(event.kind.textDetail)"
        }
    }

    @Test func theUserEntersAndLeavesAtTheVisitsTimesAndTheActionRuns() throws {
        let events = try Self.events("""
            visits:
              - {at: "08:40", enter: office, for: 8h30m}
              - {at: "19:00", enter: gym, for: 1h}
            lifecycle: [{at: 10s, app: background}]
            """)
        #expect(events.contains("00:00:00 state office is outside"), "\(events)")
        #expect(events.contains { $0.hasPrefix("08:40:20 enter entered office") }, "after the 20 s dwell: \(events)")
        #expect(events.contains("08:40:20 lifecycle background (region office entered)"), "\(events)")
        #expect(events.contains("08:40:20 task.submitted com.example.upload (processing)"), "\(events)")
        #expect(events.contains { $0.hasPrefix("17:10:20 exit left office") }, "\(events)")
        #expect(events.contains { $0.hasPrefix("19:00:20 enter entered gym") } && events.contains { $0.hasPrefix("20:00:20 exit left gym") })
    }

    @Test func daysEveryAndJitterFollowTheUsageRules() throws {
        let visit = "visits: [{at: \"08:40\", enter: office, for: 1h, jitter: 10m, days: [mon, tue, wed, thu, fri]}]\n"
        let week = try Self.events(visit, days: 7, seed: 4)
        let entries = week.filter { $0.contains(" enter ") }
        #expect(entries.count == 5, "Thursday to Wednesday, without the weekend: \(entries)")
        #expect(!entries.contains { $0.hasPrefix("d3 ") || $0.hasPrefix("d4 ") }, "no visit on Saturday or Sunday")
        #expect(try Self.events(visit, days: 7, seed: 4) == week)
        #expect(try Self.events(visit, days: 7, seed: 5) != week, "the jitter comes from the seed")
    }

    @Test func aForceQuitAppIsRelaunchedForARegionEvent() throws {
        let events = try Self.events("""
            visits: [{at: "08:40", enter: office, for: 1h}]
            lifecycle: [{at: 1h, app: forceQuit}]
            """)
        #expect(events.contains("01:00:00 lifecycle terminated (the user force-quit the app)"))
        #expect(events.contains("08:40:20 lifecycle background (relaunched: region office entered)"), "\(events)")
    }

    @Test func aWhenInUseAppGetsNoRegionEvent() throws {
        let events = try Self.events("""
            visits: [{at: "08:40", enter: office, for: 1h}]
            location: {authorization: whenInUse}
            """)
        #expect(!events.contains { $0.contains(" enter ") || $0.contains("region office") }, "\(events)")
        #expect(events.contains { $0.contains("error") && $0.contains("always") }, "\(events)")
    }

    @Test func theTwentyFirstRegionIsNotMonitored() throws {
        var regions = "regions:\n"
        for n in 1...21 { regions += "  - {id: r\(n), lat: \(47.0 + Double(n) * 0.01), lon: 8.5, radius: 100}\n" }
        let events = try Self.events("visits: [{at: \"08:00\", enter: r21, for: 1h}, {at: \"10:00\", enter: r1, for: 1h}]\n", regions: regions)
        #expect(events.contains { $0.contains("regionMonitoringFailure") || $0.contains("r21") && $0.contains("error") }, "\(events)")
        #expect(!events.contains { $0.contains("enter entered r21") }, "\(events)")
        #expect(events.contains { $0.hasPrefix("10:00:20 enter entered r1") }, "\(events)")
    }

    @Test func aVisitUnderWayWhenMonitoringStartsIsAStateNotAnEntry() throws {
        let events = try Self.events("""
            visits: [{at: "00:30", enter: office, for: 2h}]
            usage: [{at: "01:00", for: 5m}]
            """, launch: .atFirstOpen)
        #expect(events.contains("01:00:00 state office is inside"), "\(events)")
        #expect(!events.contains { $0.contains(" enter ") })
        #expect(events.contains { $0.hasPrefix("02:30:20 exit left office") }, "\(events)")
    }

    @Test func aVisitToAnUnknownRegionIsRefused() throws {
        #expect {
            let regions = "regions: [{id: office, lat: 47.3, lon: 8.5, radius: 150}, {id: gym, lat: 47.4, lon: 8.5, radius: 150}]\n"
            return try AppRecipe.standard.manifest(yaml: "app: x\n" + regions + "visits: [{at: \"08:00\", enter: home, for: 1h}]\n", file: "m.yaml")
        } throws: { error in
            "\(error)".contains("'home' is not a region of regions: (expected 'gym', 'office')")
        }
    }
}
