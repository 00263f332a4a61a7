import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Testing

/// Continuous updates and significant-change monitoring of ``LocationManager``, on virtual time.
@Suite struct LocationManagerTests {
    static let zurich = (latitude: 47.3769, longitude: 8.5417)

    func locations(_ events: [TimelineEvent]) -> [(time: SimTime, fix: LocationFix)] {
        events.compactMap { event in (event.kind as? LocationRecord).map { (event.time, $0.fix) } }
    }

    func metres(_ a: LocationFix, _ b: LocationFix) -> Double {
        Geodesy.distance(fromLatitude: a.latitude, longitude: a.longitude, toLatitude: b.latitude, longitude: b.longitude)
    }

    @Test func withoutFiltersEveryFixIsDelivered() async throws {
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 10, duration: .seconds(30)))
        scenario.updatesLocation = true
        let delivered = locations(try await scenario.run())
        #expect(delivered.map(\.fix) == scenario.fixes)
        #expect(delivered.map(\.time) == scenario.fixes.map(\.time!))
    }

    @Test(arguments: [5.0, 10.0, 50.0])
    func distanceFilterSpacesDeliveries(_ filter: Double) async throws {
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 80, duration: .seconds(300)))
        scenario.updatesLocation = true
        scenario.prepare = { $0.distanceFilter = filter }
        let delivered = locations(try await scenario.run()).map(\.fix)
        #expect(delivered.first == scenario.fixes.first)
        for (a, b) in zip(delivered, delivered.dropFirst()) { #expect(metres(a, b) >= filter) }
        // Nothing skipped that should have come: the fix just before each delivery was still too close.
        for fix in delivered.dropFirst() {
            let i = scenario.fixes.firstIndex(of: fix)!
            let previous = delivered.last { $0.time! < fix.time! }!
            #expect(metres(previous, scenario.fixes[i - 1]) < filter)
        }
        // At 1.4 m/s and 1 fix/s, every ⌈filter / 1.4⌉-th fix is far enough.
        let step = Int((filter / 1.4).rounded(.up))
        #expect(delivered.count == (scenario.fixes.count - 1) / step + 1)
    }

    @Test func inaccurateFixesWaitForABetterOne() async throws {
        // 0–9 s good; 10–14 s poor then a good one at 15 s; 20–49 s poor only (accuracy 60, 40, 80 …).
        var fixes = LocationScenario.walk(from: Self.zurich, bearing: 0, duration: .seconds(49), accuracy: 5)
        let poor: [Double] = [60, 40, 80]
        for i in 10..<15 { fixes[i].horizontalAccuracy = 50 }
        for i in 20..<50 { fixes[i].horizontalAccuracy = poor[i % 3] }
        var scenario = LocationScenario(fixes: fixes)
        scenario.updatesLocation = true
        scenario.prepare = { $0.desiredAccuracy = 10 }
        let delivered = locations(try await scenario.run())
        let wait = scenario.configuration.accuracyWait
        let good = delivered.filter { $0.fix.horizontalAccuracy == 5 }
        #expect(good.map(\.fix) == fixes.filter { $0.horizontalAccuracy == 5 })
        let held = delivered.filter { $0.fix.horizontalAccuracy != 5 }
        // The poor run from 20 s: after each wait the most accurate fix held (40) comes out.
        #expect(!held.isEmpty)
        #expect(held.allSatisfy { $0.fix.horizontalAccuracy == 40 })
        #expect(held.first?.time == fixes[20].time! + wait)
        #expect(!delivered.contains { $0.fix.horizontalAccuracy == 50 })
    }

    @Test func stationaryUpdatesPauseAndMovementResumes() async throws {
        let still = LocationScenario.walk(from: Self.zurich, bearing: 0, speed: 0.01, every: .seconds(5), duration: .seconds(1_200))
        let moving = LocationScenario.walk(
            from: (still.last!.latitude, still.last!.longitude), bearing: 90, speed: 2, every: .seconds(5),
            duration: .seconds(300), start: still.last!.time! + .seconds(5)
        )
        var scenario = LocationScenario(fixes: still + moving)
        scenario.updatesLocation = true
        let events = try await scenario.run()
        let names = events.map(\.kind.name)
        let pause = try #require(events.first { $0.kind == .pause })
        #expect(pause.time == SimTime.defaultStart + scenario.configuration.pauseAfter)
        let resume = try #require(events.first { $0.kind == .resume })
        #expect(names.filter { $0 == "pause" }.count == 1 && names.filter { $0 == "resume" }.count == 1)
        // Nothing is delivered while paused; the fix that moved the device comes right after `resume`.
        #expect(!events.contains { $0.kind.name == "location" && $0.time > pause.time && $0.time < resume.time })
        let afterResume = events[events.firstIndex(of: resume)! + 1]
        #expect(afterResume.kind.name == "location" && afterResume.time == resume.time)
        let moved = locations(events).last!.fix
        #expect(metres(moved, still[0]) > scenario.configuration.pauseRadius)
    }

    @Test func pausingCanBeTurnedOff() async throws {
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 0, speed: 0, every: .seconds(10), duration: .seconds(1_800)))
        scenario.updatesLocation = true
        scenario.prepare = { $0.pausesLocationUpdatesAutomatically = false }
        let events = try await scenario.run()
        #expect(!events.contains { $0.kind == .pause })
        #expect(locations(events).count == scenario.fixes.count)
    }

    struct BackgroundCase: CustomTestStringConvertible, Sendable {
        var state: LifecycleState
        var allowed: Bool
        var delivers: Bool
        var testDescription: String { "\(state), background updates \(allowed ? "allowed" : "not allowed")" }
    }

    @Test(arguments: [
        BackgroundCase(state: .foreground, allowed: false, delivers: true),
        BackgroundCase(state: .background, allowed: false, delivers: false),
        BackgroundCase(state: .background, allowed: true, delivers: true),
        BackgroundCase(state: .suspended, allowed: true, delivers: false),
    ])
    func backgroundDeliveryNeedsPermission(_ c: BackgroundCase) async throws {
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 0, speed: 20, duration: .seconds(400)))
        scenario.updatesLocation = true
        scenario.monitorsSignificantChanges = true
        scenario.prepare = { manager in
            manager.applicationState = c.state
            manager.allowsBackgroundLocationUpdates = c.allowed
        }
        let events = try await scenario.run()
        #expect(locations(events).isEmpty == !c.delivers)
        #expect(events.contains { $0.kind.name == "significant" }, "significant changes wake the app in any state")
    }

    @Test(arguments: [100, 5, 0])
    func updatesWhileSuspendedAreHeldAndDeliveredOnResume(limit: Int) async throws {
        let fixes = LocationScenario.walk(from: Self.zurich, bearing: 0, speed: 20, every: .seconds(5), duration: .seconds(100))
        var scenario = LocationScenario(fixes: fixes)
        scenario.updatesLocation = true
        scenario.configuration.heldFixLimit = limit
        let resume = SimTime.defaultStart + .seconds(52)
        scenario.prepare = { manager in
            manager.applicationState = .suspended
            manager.engine.schedule(at: resume) { manager.applicationState = .foreground }
        }
        let delivered = locations(try await scenario.run())
        let held = Array(fixes.filter { $0.time! < resume }.suffix(limit))
        #expect(delivered.filter { $0.time == resume }.map(\.fix) == held, "the latest \(limit), at the resume")
        #expect(delivered.filter { $0.time != resume }.map(\.fix) == fixes.filter { $0.time! > resume })
    }

    struct SignificantCase: CustomTestStringConvertible, Sendable {
        var name: String
        var speed: Double
        var testDescription: String { name }
    }

    @Test(arguments: [
        SignificantCase(name: "walking: limited by distance", speed: 1.4),
        SignificantCase(name: "driving: limited by time", speed: 20),
        SignificantCase(name: "standing still: only the first", speed: 0),
    ])
    func significantChangesNeedDistanceAndTime(_ c: SignificantCase) async throws {
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 135, speed: c.speed, duration: .seconds(3_600)))
        scenario.monitorsSignificantChanges = true
        let events = try await scenario.run()
        let reports = events.compactMap { event -> (SimTime, LocationFix)? in
            guard let r = event.kind as? SignificantChangeRecord else { return nil }
            return (event.time, LocationFix(time: event.time, latitude: r.latitude, longitude: r.longitude))
        }
        let config = scenario.configuration
        #expect(reports.first?.0 == scenario.fixes[0].time)
        for (a, b) in zip(reports, reports.dropFirst()) {
            #expect(b.0 - a.0 >= config.significantChangeInterval)
            #expect(metres(a.1, b.1) >= config.significantChangeDistance)
        }
        // Each report comes with the first fix that satisfies both rules: whole seconds at 1 fix/s.
        let step = c.speed == 0 ? 0 : max(config.significantChangeInterval.seconds, (config.significantChangeDistance / c.speed).rounded(.up))
        let expected = step == 0 ? 1 : Int(3_600 / step) + 1
        #expect(reports.count == expected)
    }

    @Test func sourceProblemsBecomeErrorEvents() {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let manager = LocationManager(engine: engine, timeline: timeline)
        manager.receive(.problem(message: "line 7: bad checksum", code: "nmea.checksum"))
        #expect(timeline.events == [TimelineEvent(time: .defaultStart, kind: .error(message: "line 7: bad checksum", code: "nmea.checksum"))])
    }

    @Test func stoppingUpdatesStopsDeliveries() async throws {
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 0, duration: .seconds(20)))
        scenario.updatesLocation = true
        scenario.prepare = { manager in manager.engine.schedule(after: .seconds(10)) { manager.stopUpdatingLocation() } }
        let delivered = locations(try await scenario.run())
        #expect(delivered.map(\.fix) == Array(scenario.fixes.prefix(10)))
    }
}
