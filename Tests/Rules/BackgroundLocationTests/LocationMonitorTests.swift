import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Testing

/// ``LocationMonitor`` (`CLMonitor`) on virtual time: the region rules, names, waiting events,
/// persistence and diagnostics.
@Suite struct LocationMonitorTests {
    static let zurich = (latitude: 47.3769, longitude: 8.5417)
    static let museumCenter = Geodesy.destination(latitude: zurich.latitude, longitude: zurich.longitude, bearing: 90, distance: 1_000)
    static let museum = LocationMonitor.CircularGeographicCondition(
        center: (museumCenter.latitude, museumCenter.longitude), radius: 200)
    /// 20 minutes east at 1.4 m/s: outside, through the museum, out again.
    static let walk = LocationScenario.walk(from: zurich, bearing: 90, duration: .seconds(1_200))

    static func run(
        _ fixes: [LocationFix], store: (any MonitorStore)? = nil, configuration: LocationManagerConfiguration = .init(),
        _ body: (LocationManager) throws -> Void
    ) async throws -> [TimelineEvent] {
        let engine = EventEngine(start: fixes.first?.time ?? .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let manager = LocationManager(engine: engine, timeline: timeline, configuration: configuration)
        manager.monitorStore = store
        try body(manager)
        try await manager.run(.replay(fixes))
        return timeline.events
    }

    static func collect(_ monitor: LocationMonitor) async -> [LocationMonitor.Event] {
        var events: [LocationMonitor.Event] = []
        for await event in monitor.events { events.append(event) }
        return events
    }

    @Test func aWalkThroughGivesUnsatisfiedSatisfiedUnsatisfiedWhenTheManagerReportsItsCrossings() async throws {
        var monitor: LocationMonitor?
        let timeline = try await Self.run(Self.walk) { manager in
            monitor = try LocationMonitor.open("tour", on: manager)
            monitor?.add(Self.museum, identifier: "museum")
            manager.startMonitoring(for: CircularRegion(
                identifier: "museum", latitude: Self.museumCenter.latitude, longitude: Self.museumCenter.longitude, radius: 200))
        }
        let events = await Self.collect(try #require(monitor))
        #expect(events.map(\.state) == [.unsatisfied, .satisfied, .unsatisfied])
        // The same rules as the manager's regions: each event at the time of the manager's state, enter, exit.
        let managerTimes = timeline.filter { ["state", "enter", "exit"].contains($0.kind.name) }.map(\.time)
        #expect(events.map(\.date) == managerTimes)
        #expect(timeline.filter { $0.kind.name == "monitor" }.map(\.time) == managerTimes)
        #expect(timeline.first { $0.kind.name == "monitor" }?.kind == .monitor("tour", identifier: "museum", state: .unsatisfied))
        #expect(monitor?.record(for: "museum")?.lastEvent.state == .unsatisfied)
        #expect(monitor?.identifiers == ["museum"])
    }

    @Test(arguments: [
        (LocationMonitor.Event.State?.none, [LocationMonitor.Event.State.unsatisfied, .satisfied, .unsatisfied]),
        (.unsatisfied, [.satisfied, .unsatisfied]),
        (.satisfied, [.unsatisfied, .satisfied, .unsatisfied]),
    ])
    func aNewConditionStartsUnknownOrAsAssumed(_ assumed: LocationMonitor.Event.State?, _ expected: [LocationMonitor.Event.State]) async throws {
        var monitor: LocationMonitor?
        _ = try await Self.run(Self.walk) { manager in
            monitor = try LocationMonitor.open("tour", on: manager)
            monitor?.add(Self.museum, identifier: "museum", assuming: assumed)
            #expect(monitor?.record(for: "museum")?.lastEvent.state == assumed ?? .unknown)
        }
        #expect(await Self.collect(try #require(monitor)).map(\.state) == expected)
    }

    @Test func oneOpenMonitorPerName() async throws {
        _ = try await Self.run([]) { manager in
            let first = try LocationMonitor.open("tour", on: manager)
            #expect(throws: LocationMonitorError.self) { try LocationMonitor.open("tour", on: manager) }
            let other = try LocationMonitor.open("other", on: manager)
            first.close()
            let again = try LocationMonitor.open("tour", on: manager)
            #expect(again.name == "tour" && other.name == "other")
        }
    }

    @Test func eventsWhileNoMonitorIsOpenWaitForTheNextOne() async throws {
        var reopened: LocationMonitor?
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let manager = LocationManager(engine: engine, timeline: timeline)
        do {
            let monitor = try LocationMonitor.open("tour", on: manager)
            monitor.add(Self.museum, identifier: "museum")
        }  // dropped: closed, its conditions go on
        try await manager.run(.replay(Self.walk))
        #expect(timeline.events.filter { $0.kind.name == "monitor" }.count == 3)
        reopened = try LocationMonitor.open("tour", on: manager)
        reopened?.close()
        let events = await Self.collect(try #require(reopened))
        #expect(events.map(\.state) == [.unsatisfied, .satisfied, .unsatisfied])
        #expect(events.map(\.date) == timeline.events.filter { $0.kind.name == "monitor" }.map(\.time))
    }

    @Test func conditionsAndLastStatesSurviveARelaunch() async throws {
        let store = MemoryMonitorStore()
        let half = 700  // 980 m east: in the museum, its entry reported
        _ = try await Self.run(Array(Self.walk[..<half]), store: store) { manager in
            try LocationMonitor.open("tour", on: manager).add(Self.museum, identifier: "museum")
        }
        #expect(store.monitors["tour"]?.records.map(\.record.lastEvent.state) == [.satisfied])
        var relaunched: LocationMonitor?
        let timeline = try await Self.run(Array(Self.walk[half...]), store: store) { manager in
            relaunched = try LocationMonitor.open("tour", on: manager)
            #expect(relaunched?.identifiers == ["museum"])
        }
        let events = await Self.collect(try #require(relaunched))
        // The two events of the first run waited (its monitor was dropped); the relaunch adds only the exit.
        #expect(events.map(\.state) == [.unsatisfied, .satisfied, .unsatisfied])
        #expect(timeline.filter { $0.kind.name == "monitor" }.count == 1)
        #expect(store.monitors["tour"]?.pending == [])
    }

    @Test func pastTheLimitAConditionIsUnmonitored() async throws {
        var configuration = LocationManagerConfiguration()
        configuration.conditionLimit = 2
        var first: LocationMonitor?, second: LocationMonitor?
        let timeline = try await Self.run(Self.walk, configuration: configuration) { manager in
            first = try LocationMonitor.open("a", on: manager)
            second = try LocationMonitor.open("b", on: manager)
            first?.add(Self.museum, identifier: "one")
            second?.add(Self.museum, identifier: "two")
            second?.add(Self.museum, identifier: "three")
            first?.add(Self.museum, identifier: "one")  // replacing does not count twice
        }
        let record = try #require(second?.record(for: "three"))
        #expect(record.lastEvent.state == .unmonitored && record.lastEvent.conditionLimitExceeded)
        #expect(second?.record(for: "two")?.lastEvent.state == .unsatisfied)
        #expect(await Self.collect(try #require(first)).map(\.state) == [.unsatisfied, .satisfied, .unsatisfied])
        #expect(await Self.collect(try #require(second)).map(\.identifier) == ["three", "two", "two", "two"])
        #expect(timeline.filter { ($0.kind as? ErrorRecord)?.code == "conditionLimitExceeded" }.count == 1)
    }

    @Test func anInvalidCircleIsUnsupported() async throws {
        var monitor: LocationMonitor?
        _ = try await Self.run(Self.walk) { manager in
            monitor = try LocationMonitor.open("tour", on: manager)
            monitor?.add(.init(center: Self.zurich, radius: 0), identifier: "dot")
        }
        let events = await Self.collect(try #require(monitor))
        #expect(events.map(\.state) == [.unmonitored])
        #expect(events.first?.conditionUnsupported == true)
    }

    @Test func aFailingStoreMarksEventsPersistenceUnavailable() async throws {
        let store = MemoryMonitorStore()
        store.isFailing = true
        var monitor: LocationMonitor?
        let timeline = try await Self.run(Self.walk, store: store) { manager in
            monitor = try LocationMonitor.open("tour", on: manager)
            monitor?.add(Self.museum, identifier: "museum")
        }
        let events = await Self.collect(try #require(monitor))
        #expect(events.count == 3 && events.allSatisfy(\.persistenceUnavailable))
        #expect(timeline.filter { ($0.kind as? ErrorRecord)?.code == "persistenceUnavailable" }.count == 1)
    }

    @Test func aRemovedConditionReportsNothing() async throws {
        var monitor: LocationMonitor?
        _ = try await Self.run(Self.walk) { manager in
            monitor = try LocationMonitor.open("tour", on: manager)
            monitor?.add(Self.museum, identifier: "museum")
            monitor?.add(Self.museum, identifier: "gone")
            monitor?.remove("gone")
        }
        #expect(monitor?.identifiers == ["museum"] && monitor?.record(for: "gone") == nil)
        #expect(await Self.collect(try #require(monitor)).map(\.identifier) == ["museum", "museum", "museum"])
    }

    @Test func theScenarioDrivesAMonitor() async throws {
        var scenario = LocationScenario(fixes: Self.walk)
        scenario.conditions = [("museum", Self.museum)]
        let events = try await scenario.run()
        #expect(events.map(\.kind.name) == ["monitor", "monitor", "monitor"])
        #expect(events.last?.kind == .monitor("scenario", identifier: "museum", state: .unsatisfied))
    }
}
