import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Testing

/// The location rules measure time by each fix's own time: fixes arriving at another pace than their
/// times (a live run fed faster or slower than real time) give the events a replay gives, apart from
/// their stamps; a time running backwards (a receiver's reset) restarts the rules' clock.
@Suite struct FixTimeRulesTests {
    static let zurich = (latitude: 47.3769, longitude: 8.5417)
    static let museum = CircularRegion(identifier: "museum", latitude: zurich.latitude, longitude: zurich.longitude, radius: 200)

    /// In from 1 km, 11 minutes at the centre (enter, pause), out again (resume, exit); every third fix
    /// too coarse for the desired accuracy (held, then replaced or delivered when the wait ends).
    static let fixes: [LocationFix] = {
        let steps = Array(stride(from: 1_000.0, to: 0, by: -5))
        let distances = steps + [Double](repeating: 0, count: 660) + steps.reversed()
        return LocationScenario.path(around: zurich, bearing: 30, distances: distances).enumerated().map { i, fix in
            var fix = fix
            if i % 3 == 0 { fix.horizontalAccuracy = 50 }
            return fix
        }
    }()

    static func prepare(_ manager: LocationManager) {
        manager.desiredAccuracy = 20
    }

    static func scenario(_ fixes: [LocationFix]) -> LocationScenario {
        var scenario = LocationScenario(fixes: fixes)
        scenario.regions = [museum]
        scenario.updatesLocation = true
        scenario.monitorsSignificantChanges = true
        scenario.prepare = prepare
        return scenario
    }

    /// Each event's name and detail, without its time stamp.
    static func unstamped(_ events: [TimelineEvent]) -> [String] {
        events.map { "\($0.kind.name) \($0.kind.textDetail)" }
    }

    /// Feeds `fixes` as a live source does: one each `step` of engine time, whatever the fixes' times.
    static func live(_ fixes: [LocationFix], step: Duration) -> [TimelineEvent] {
        let engine = EventEngine(start: .defaultStart + .seconds(86_400 * 300))
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let manager = LocationManager(engine: engine, timeline: timeline)
        manager.startUpdatingLocation()
        manager.startMonitoringSignificantLocationChanges()
        manager.startMonitoring(for: museum)
        prepare(manager)
        for fix in fixes {
            engine.run(until: engine.now + step)
            manager.receive(.fix(fix))
        }
        return timeline.events
    }

    /// Expects equal event lists, reporting the first difference rather than both lists.
    static func expectSame(_ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let first = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(first == nil, "event \(first?.offset ?? 0): \(first?.element.0 ?? "") instead of \(first?.element.1 ?? "")", sourceLocation: sourceLocation)
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
    }

    /// Faster than real time and at real time. (Slower, a timer ending between two fixes runs by the
    /// engine before the later fix arrives: see docs/LOCATION.md.)
    @Test(arguments: [0.1, 0.5, 1])
    func anyPaceGivesTheReplaysEvents(secondsPerFix: Double) async throws {
        let replay = try await Self.scenario(Self.fixes).run()
        let names = Set(replay.map(\.kind.name))
        #expect(names.isSuperset(of: ["state", "enter", "exit", "pause", "resume", "significant", "location"]))
        Self.expectSame(Self.unstamped(Self.live(Self.fixes, step: .seconds(secondsPerFix))), Self.unstamped(replay))
    }

    /// The clock restarts at a fix earlier than the one before: that fix counts at the previous fix's
    /// time and later ones by their own steps, so the reset costs one step and the dwell under way goes on.
    @Test func aTimeRunningBackwardsRestartsTheClock() async throws {
        let reset = 230  // at the centre, with the pause's delay under way
        let backwards = Self.fixes.enumerated().map { i, fix in
            var fix = fix
            if i >= reset { fix.time = fix.time! - .seconds(3_600) }
            return fix
        }
        let oneStepLost = Self.fixes.enumerated().map { i, fix in
            var fix = fix
            if i >= reset { fix.time = fix.time! - .seconds(1) }
            return fix
        }
        let expected = Self.unstamped(try await Self.scenario(oneStepLost).run())
        #expect(expected.contains { $0.hasPrefix("enter") } && expected.contains { $0.hasPrefix("pause") })
        #expect(expected != Self.unstamped(try await Self.scenario(Self.fixes).run()))
        Self.expectSame(Self.unstamped(try await Self.scenario(backwards).run()), expected)
        Self.expectSame(Self.unstamped(Self.live(backwards, step: .seconds(0.5))), expected)
    }

    /// A fix without a time counts at its arrival: the latest fix's time plus the engine time since.
    @Test func anUntimedFixCountsAtItsArrival() async throws {
        let untimed = Self.fixes.enumerated().map { i, fix in
            var fix = fix
            if i % 2 == 1 { fix.time = nil }
            return fix
        }
        Self.expectSame(Self.unstamped(Self.live(untimed, step: .seconds(1))), Self.unstamped(try await Self.scenario(Self.fixes).run()))
    }
}
