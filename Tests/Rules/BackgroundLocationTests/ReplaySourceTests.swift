import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Testing

@Suite struct ReplaySourceTests {
    static let walk = LocationScenario.walk(from: (47.3769, 8.5417), bearing: 45, duration: .seconds(120))

    func replay(_ source: some LocationSource, start: SimTime = .defaultStart) async throws -> [TimelineEvent] {
        let engine = EventEngine(start: start)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        try await source.run(on: engine) { event in
            if case .fix(let fix) = event { timeline.record(.location(fix)) }
        }
        return timeline.events
    }

    @Test func deliversEachFixAtItsOwnTime() async throws {
        let events = try await replay(.replay(Self.walk))
        #expect(events.map(\.time) == Self.walk.map(\.time!))
    }

    @Test func isDeterministic() async throws {
        var scenario = LocationScenario(fixes: Self.walk)
        scenario.updatesLocation = true
        scenario.monitorsSignificantChanges = true
        scenario.regions = [CircularRegion(identifier: "a", latitude: 47.3775, longitude: 8.5425, radius: 50)]
        let first = try await scenario.run()
        let second = try await scenario.run()
        #expect(first == second)
        #expect(first.count > Self.walk.count)
    }

    @Test func readsOneFixAhead() async throws {
        final class Counter: @unchecked Sendable { var pulled = 0 }  // touched only by the replay's own task
        let counter = Counter()
        let lazyFixes = Self.walk.lazy.map { fix -> LocationFix in counter.pulled += 1; return fix }
        let engine = EventEngine(start: .defaultStart)
        var delivered = 0
        var mostAhead = 0
        try await ReplaySource(lazyFixes).run(on: engine) { _ in
            delivered += 1
            mostAhead = max(mostAhead, counter.pulled - delivered)
        }
        #expect(delivered == Self.walk.count)
        #expect(mostAhead == 0)
    }

    @Test func interleavesWithOtherActionsInQueueOrder() async throws {
        let engine = EventEngine(start: .defaultStart)
        var log: [String] = []
        let fixes = Array(Self.walk.prefix(4))
        engine.schedule(at: fixes[2].time!) { log.append("timer") }
        try await ReplaySource(fixes).run(on: engine) { event in
            guard case .fix(let fix) = event else { return }
            let i = fixes.firstIndex(of: fix)!
            log.append("fix \(i)")
            engine.schedule(at: engine.now) { log.append("after fix \(i)") }
        }
        #expect(log == ["fix 0", "after fix 0", "fix 1", "after fix 1", "timer", "fix 2", "after fix 2", "fix 3", "after fix 3"])
    }

    @Test func untimedFixesComeOneIntervalApart() async throws {
        let untimed = Self.walk.prefix(5).map { fix -> LocationFix in var copy = fix; copy.time = nil; return copy }
        let source = ReplaySource(untimed)
        source.untimedInterval = .seconds(2)
        let start = SimTime(rfc3339: "2024-05-01T12:00:00Z")!
        let events = try await replay(source, start: start)
        #expect(events.map(\.time) == (0..<5).map { start + .seconds(2 * $0) })
    }

    @Test func stopsAtTheLastFix() async throws {
        let engine = EventEngine(start: .defaultStart)
        var late = false
        engine.schedule(at: Self.walk.last!.time! + .seconds(1)) { late = true }
        try await ReplaySource(Self.walk).run(on: engine) { _ in }
        #expect(!late)
        #expect(engine.now == Self.walk.last!.time!)
    }

    @Test func pacedReplayKeepsTheOrderAndTimes() async throws {
        let short = Array(Self.walk.prefix(4))
        let events = try await replay(.replay(short, pacing: .paced(speed: 1_000)))
        #expect(events.map(\.time) == short.map(\.time!))
    }

    @Test func cancellationStopsAPacedReplay() async throws {
        let task = Task {
            let engine = EventEngine(start: .defaultStart)
            try await ReplaySource(Self.walk, pacing: .paced(speed: 1)).run(on: engine) { _ in }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
