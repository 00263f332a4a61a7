import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Testing

/// The CLMonitor and live-updates tests of docs/guides/region-entry-test.md, kept passing as the guide
/// shows them.
@Suite struct RegionEntryGuideTests {
    @Test func walkingEastSatisfiesThenLeavesTheMuseumCondition() async throws {
        // 15 minutes eastwards at 1.4 m/s from 750 m west of the museum: in, through and out again.
        var scenario = LocationScenario(fixes: LocationScenario.walk(
            from: (47.3769, 8.5417), bearing: 90, duration: .seconds(900)))
        scenario.conditions = [("museum", .init(center: (47.3769, 8.5517), radius: 200))]
        let events = try await scenario.run()

        let states = events.compactMap { ($0.kind as? MonitorEventRecord)?.state }
        #expect(states == [.unsatisfied, .satisfied, .unsatisfied])
    }

    @Test func theIOS17PatternAwaitsMonitorEventsAndLiveUpdates() async throws {
        let engine = EventEngine(start: .defaultStart)
        let manager = LocationManager(engine: engine, timeline: Timeline(engine: engine))
        manager.authorization = .whenInUse                      // the user chose "While Using the App"
        let session = BackgroundActivitySession(on: manager)    // keeps the app in use in the background
        let monitor = try LocationMonitor.open("museum-monitor", on: manager)
        monitor.add(.init(center: (47.3769, 8.5517), radius: 200), identifier: "museum")
        let updates = LocationUpdate.liveUpdates(.fitness, on: manager)
        engine.schedule(after: .seconds(60)) { manager.applicationState = .background }

        try await manager.run(.replay(LocationScenario.walk(from: (47.3769, 8.5417), bearing: 90, duration: .seconds(900))))
        var visits: [String] = []
        for await event in monitor.events where event.state == .satisfied { visits.append(event.identifier) }
        var fixes = 0
        for await update in updates where update.location != nil { fixes += 1 }
        #expect(visits == ["museum"])
        #expect(fixes == 901)
        session.invalidate()
    }
}
