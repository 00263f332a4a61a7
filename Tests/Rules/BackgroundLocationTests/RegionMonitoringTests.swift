import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Testing

/// The region-monitoring rules of ``LocationManager``, on virtual time.
@Suite struct RegionMonitoringTests {
    static let zurich = (latitude: 47.3769, longitude: 8.5417)

    /// Distance in metres between a region's centre and the point an event reports.
    func distance(_ region: CircularRegion, _ kind: any TimelineRecord) -> Double {
        let point: (Double, Double)? = switch kind {
        case let crossing as RegionCrossingRecord: (crossing.latitude, crossing.longitude)
        default: nil
        }
        guard let (lat, lon) = point else { return .nan }
        return Geodesy.distance(fromLatitude: region.latitude, longitude: region.longitude, toLatitude: lat, longitude: lon)
    }

    @Test func walkThroughReportsStateThenEntryThenExit() async throws {
        let center = Geodesy.destination(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, bearing: 90, distance: 1_000)
        let museum = CircularRegion(identifier: "museum", latitude: center.latitude, longitude: center.longitude, radius: 200)
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 90, duration: .seconds(1_200)))
        scenario.regions = [museum]
        let events = try await scenario.run()
        #expect(events.map(\.kind.name) == ["state", "enter", "exit"])
        #expect(events[0].kind == .state(region: "museum", state: .outside))
        let config = scenario.configuration
        #expect(distance(museum, events[1].kind) <= museum.radius - config.entryHysteresis)
        #expect(distance(museum, events[2].kind) > museum.radius + config.exitHysteresis)
        // The first fix inside the margin is at ~(1000-190)/1.4 s; the entry waits the dwell after it.
        let firstInside = scenario.fixes.first { museum.contains(latitude: $0.latitude, longitude: $0.longitude)
            && distance(museum, .enter(region: "", latitude: $0.latitude, longitude: $0.longitude)) <= 190 }!
        #expect(events[1].time - firstInside.time! == config.minimumDwell)
    }

    @Test func noEntryForARegionTheDeviceIsAlreadyIn() async throws {
        let here = CircularRegion(identifier: "here", latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, radius: 300)
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 0, duration: .seconds(600)))
        scenario.regions = [here]
        let events = try await scenario.run()
        #expect(events.map(\.kind.name) == ["state", "exit"])
        #expect(events[0].kind == .state(region: "here", state: .inside))
    }

    @Test func jitterAroundTheBoundaryNeverFlaps() async throws {
        let region = CircularRegion(identifier: "edge", latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, radius: 100)
        let outside = [Double](repeating: 300, count: 5)
        let withinMargins = (0..<120).map { $0 % 2 == 0 ? 92.0 : 118.0 }  // never past r−10 nor r+20
        let acrossEverySecond = (0..<120).map { $0 % 2 == 0 ? 60.0 : 160.0 }  // never 20 s on one side
        let settled = [Double](repeating: 50, count: 30)
        var scenario = LocationScenario(fixes: LocationScenario.path(
            around: Self.zurich, bearing: 45, distances: outside + withinMargins + acrossEverySecond + settled
        ))
        scenario.regions = [region]
        let events = try await scenario.run()
        #expect(events.map(\.kind.name) == ["state", "enter"])
        let settledAt = scenario.fixes[outside.count + withinMargins.count + acrossEverySecond.count].time!
        #expect(events[1].time == settledAt + scenario.configuration.minimumDwell)
    }

    struct DwellCase: CustomTestStringConvertible, Sendable {
        var dwell: Duration
        var secondsInside: Int
        var enters: Bool
        var testDescription: String { "dwell \(dwell), \(secondsInside) s inside" }
    }

    @Test(arguments: [
        // Fixes inside at 1…19 s, outside at 20 s: the dwell would end at 21 s.
        DwellCase(dwell: .seconds(20), secondsInside: 19, enters: false),
        // Fixes inside at 1…20 s, outside at 21 s: the dwell ends at 21 s, before that fix counts.
        DwellCase(dwell: .seconds(20), secondsInside: 20, enters: true),
        DwellCase(dwell: .zero, secondsInside: 1, enters: true),
        DwellCase(dwell: .seconds(60), secondsInside: 45, enters: false),
    ])
    func dwellDecidesWhetherAShortVisitCounts(_ c: DwellCase) async throws {
        let region = CircularRegion(identifier: "kiosk", latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, radius: 80)
        var scenario = LocationScenario(fixes: LocationScenario.path(
            around: Self.zurich, bearing: 180, distances: [400] + Array(repeating: 10, count: c.secondsInside) + [400, 400]
        ))
        scenario.configuration.minimumDwell = c.dwell
        scenario.regions = [region]
        let names = try await scenario.run().map(\.kind.name)
        #expect(names.contains("enter") == c.enters)
    }

    @Test func aCrossingIsReportedWhenItsDwellEndsEvenWithoutFixes() async throws {
        let region = CircularRegion(identifier: "office", latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, radius: 100)
        var fixes = LocationScenario.path(around: Self.zurich, bearing: 300, distances: [400, 60, 40])
        fixes.append(LocationFix(time: fixes[2].time! + .seconds(3_600), latitude: fixes[2].latitude, longitude: fixes[2].longitude))
        var scenario = LocationScenario(fixes: fixes)
        scenario.regions = [region]
        let events = try await scenario.run()
        #expect(events.map(\.kind.name) == ["state", "enter"])
        #expect(events[1].time == fixes[1].time! + scenario.configuration.minimumDwell)
        #expect(events[1].kind == .enter(region: "office", latitude: fixes[2].latitude, longitude: fixes[2].longitude))
    }

    struct PlaceCase: CustomTestStringConvertible, Sendable {
        var name: String
        var center: (latitude: Double, longitude: Double)
        var radius: Double
        var bearing: Double
        var testDescription: String { name }
    }

    static let places = [
        PlaceCase(name: "50 m in Zurich", center: zurich, radius: 50, bearing: 30),
        PlaceCase(name: "50 km in Zurich", center: zurich, radius: 50_000, bearing: 200),
        PlaceCase(name: "centre on the antimeridian, crossing east", center: (-16.5, 180), radius: 500, bearing: 90),
        PlaceCase(name: "centre west of the antimeridian, crossing west", center: (-16.5, -179.9995), radius: 100, bearing: 270),
        PlaceCase(name: "50 km across the antimeridian", center: (65.0, 179.8), radius: 50_000, bearing: 90),
        PlaceCase(name: "the north pole", center: (90, 0), radius: 1_000, bearing: 0),
        PlaceCase(name: "near the south pole, 50 m", center: (-89.9995, 120), radius: 50, bearing: 180),
    ]

    /// Walks straight through the region's centre, from 2 radii + 100 m before it to as far after it.
    @Test(arguments: places)
    func crossingsAreReportedAnywhere(_ c: PlaceCase) async throws {
        let region = CircularRegion(identifier: "r", latitude: c.center.latitude, longitude: c.center.longitude, radius: c.radius)
        let reach = 2 * c.radius + 100
        let start = Geodesy.destination(latitude: c.center.latitude, longitude: c.center.longitude, bearing: c.bearing + 180, distance: reach)
        // Bearing along the great circle from the start through the centre, sampled so each step is ≤ radius/5.
        let steps = 40
        let fixes = (0...(2 * steps)).map { i in
            let along = reach * Double(i) / Double(steps)
            let p = Geodesy.destination(latitude: c.center.latitude, longitude: c.center.longitude, bearing: c.bearing + 180, distance: reach - along)
            let q = along > reach
                ? Geodesy.destination(latitude: c.center.latitude, longitude: c.center.longitude, bearing: c.bearing, distance: along - reach)
                : p
            return LocationFix(time: .defaultStart + .seconds(30 * i), latitude: q.latitude, longitude: q.longitude, horizontalAccuracy: 5)
        }
        #expect(Geodesy.distance(fromLatitude: start.latitude, longitude: start.longitude, toLatitude: fixes[0].latitude, longitude: fixes[0].longitude) < 1)
        var scenario = LocationScenario(fixes: fixes)
        scenario.regions = [region]
        let events = try await scenario.run()
        #expect(events.map(\.kind.name) == ["state", "enter", "exit"])
        #expect(events.first?.kind == .state(region: "r", state: .outside))
        #expect(distance(region, events[1].kind) <= c.radius - min(10, c.radius / 2))
        #expect(distance(region, events[2].kind) > c.radius + 20)
    }

    @Test func theTwentyFirstRegionFails() async throws {
        let regions = (1...21).map {
            CircularRegion(identifier: "r\($0)", latitude: Self.zurich.latitude, longitude: Self.zurich.longitude + Double($0) / 100, radius: 100)
        }
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 0, duration: .seconds(2)))
        scenario.regions = regions
        var monitored = 0
        scenario.prepare = { monitored = $0.monitoredRegions.count }
        let events = try await scenario.run()
        #expect(monitored == 20)
        let errors = events.filter { $0.kind.name == "error" }
        #expect(errors.count == 1)
        guard let error = errors.first?.kind as? ErrorRecord else { return }
        #expect(error.code == "regionMonitoringFailure")
        #expect(error.message.contains("r21") && error.message.contains("20 regions"))
        #expect(events.filter { $0.kind.name == "state" }.count == 20)
    }

    @Test func theLimitIsConfigurableAndReplacingDoesNotCount() async throws {
        let regions = (1...30).map {
            CircularRegion(identifier: "r\($0)", latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, radius: Double($0))
        }
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 0, duration: .seconds(1)))
        scenario.configuration.regionLimit = 30
        scenario.regions = regions + [CircularRegion(identifier: "r1", latitude: 0, longitude: 0, radius: 10)]
        var monitored: Set<CircularRegion> = []
        scenario.prepare = { monitored = $0.monitoredRegions }
        let events = try await scenario.run()
        #expect(monitored.count == 30)
        #expect(monitored.first { $0.identifier == "r1" }?.latitude == 0)
        #expect(!events.contains { $0.kind.name == "error" })
    }

    @Test(arguments: [
        ("zero radius", 47.0, 8.0, 0.0), ("negative radius", 47.0, 8.0, -5.0),
        ("radius over the maximum", 47.0, 8.0, 100_001.0), ("radius not a number", 47.0, 8.0, Double.nan),
        ("latitude 91", 91.0, 8.0, 100.0), ("longitude 181", 47.0, 181.0, 100.0),
    ])
    func invalidRegionsFailMonitoring(_ name: String, _ lat: Double, _ lon: Double, _ radius: Double) async throws {
        let region = CircularRegion(identifier: "bad", latitude: lat, longitude: lon, radius: radius)
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 0, duration: .seconds(1)))
        scenario.regions = [region]
        scenario.prepare = { $0.startMonitoring(for: region) }  // a second attempt fails the same way
        let events = try await scenario.run()
        #expect(events.map(\.kind.name) == ["error", "error"], "\(name)")
        guard let error = events[0].kind as? ErrorRecord, error.code == "regionMonitoringFailure" else {
            Issue.record("expected a regionMonitoringFailure, got \(events)")
            return
        }
        #expect(error.message.contains("'bad'"))
    }

    @Test func stoppedRegionsReportNothingMore() async throws {
        let center = Geodesy.destination(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, bearing: 90, distance: 500)
        let kept = CircularRegion(identifier: "kept", latitude: center.latitude, longitude: center.longitude, radius: 100)
        let dropped = CircularRegion(identifier: "dropped", latitude: center.latitude, longitude: center.longitude, radius: 150)
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 90, duration: .seconds(900)))
        scenario.regions = [dropped, kept]
        var remaining: Set<CircularRegion> = []
        scenario.prepare = { manager in
            manager.engine.schedule(after: .seconds(60)) {
                manager.stopMonitoring(for: dropped)
                remaining = manager.monitoredRegions
            }
        }
        let events = try await scenario.run()
        #expect(remaining == [kept])
        #expect(events.map(\.kind.name) == ["state", "state", "enter", "exit"])
        #expect(!events.dropFirst(2).contains { $0.kind == .state(region: "dropped", state: .outside) })
        #expect(!events.dropFirst(2).contains { event in
            (event.kind as? RegionCrossingRecord)?.region == "dropped"
        })
    }

    @Test func requestStateAnswersWithTheKnownState() async throws {
        let region = CircularRegion(identifier: "home", latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, radius: 100)
        let stranger = CircularRegion(identifier: "stranger", latitude: 0, longitude: 0, radius: 100)
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 0, speed: 0, duration: .seconds(10)))
        scenario.regions = [region]
        scenario.prepare = { manager in
            manager.engine.schedule(after: .seconds(5)) {
                manager.requestState(for: region)
                manager.requestState(for: stranger)
            }
        }
        let events = try await scenario.run()
        #expect(events.map(\.kind.name) == ["state", "error", "state"])
        #expect(events[2].kind == .state(region: "home", state: .inside))
        #expect(events[2].time == .defaultStart + .seconds(5))
    }

    @Test func notifyFlagsSilenceEntryOrExitButStateStillFollows() async throws {
        let center = Geodesy.destination(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, bearing: 90, distance: 500)
        let quiet = CircularRegion(identifier: "quiet", latitude: center.latitude, longitude: center.longitude, radius: 100, notifyOnEntry: false)
        var scenario = LocationScenario(fixes: LocationScenario.walk(from: Self.zurich, bearing: 90, duration: .seconds(900)))
        scenario.regions = [quiet]
        #expect(try await scenario.run().map(\.kind.name) == ["state", "exit"])
    }

    @Test func delegateAndEventSequenceSeeTheSameCrossings() async throws {
        final class Recorder: LocationManagerDelegate {
            var calls: [String] = []
            func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion) { calls.append("enter \(region.identifier)") }
            func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion) { calls.append("exit \(region.identifier)") }
            func locationManager(_ manager: LocationManager, didDetermineState state: RegionState, for region: CircularRegion) {
                calls.append("\(state) \(region.identifier)")
            }
        }
        let center = Geodesy.destination(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, bearing: 90, distance: 500)
        let region = CircularRegion(identifier: "park", latitude: center.latitude, longitude: center.longitude, radius: 100)
        let engine = EventEngine(start: .defaultStart)
        let manager = LocationManager(engine: engine, timeline: Timeline(engine: engine))
        let recorder = Recorder()
        manager.delegate = recorder
        let stream = manager.events()
        manager.startMonitoring(for: region)
        try await manager.run(.replay(LocationScenario.walk(from: Self.zurich, bearing: 90, duration: .seconds(900))))
        var streamed: [String] = []
        for await event in stream {
            switch event {
            case .startedMonitoring(let r): streamed.append("started \(r.identifier)")
            case .determinedState(let s, let r): streamed.append("\(s) \(r.identifier)")
            case .entered(let r, _): streamed.append("enter \(r.identifier)")
            case .exited(let r, _): streamed.append("exit \(r.identifier)")
            default: streamed.append("other")
            }
        }
        #expect(recorder.calls == ["outside park", "enter park", "exit park"])
        #expect(streamed == ["started park"] + recorder.calls)
    }

    @Test func manyRegionsBehaveLikeOneAtATime() async throws {
        var random = SplitMix64(seed: 7)
        let regions = (0..<300).map { i in
            let p = Geodesy.destination(
                latitude: Self.zurich.latitude, longitude: Self.zurich.longitude,
                bearing: Double.random(in: 0..<360, using: &random), distance: Double.random(in: 0...3_000, using: &random)
            )
            return CircularRegion(identifier: "r\(i)", latitude: p.latitude, longitude: p.longitude, radius: Double.random(in: 50...400, using: &random))
        }
        let fixes = LocationScenario.walk(from: Self.zurich, bearing: 60, speed: 3, duration: .seconds(1_500))
        var together = LocationScenario(fixes: fixes)
        together.configuration.regionLimit = regions.count
        together.regions = regions
        let all = try await together.run()
        var crossings = 0
        for region in regions {
            var alone = LocationScenario(fixes: fixes)
            alone.regions = [region]
            let own = try await alone.run()
            let mine = all.filter {
                switch $0.kind {
                case let r as RegionStateRecord: r.region == region.identifier
                case let r as RegionCrossingRecord: r.region == region.identifier
                default: false
                }
            }
            #expect(mine == own, "\(region.identifier)")
            crossings += own.count - 1
        }
        #expect(crossings > 10)
    }
}
