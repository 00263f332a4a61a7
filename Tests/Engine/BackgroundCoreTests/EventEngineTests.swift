import BackgroundCore
import Testing

@Suite struct EventEngineTests {
    @Test func runsInTimeOrderThenInsertionOrder() {
        let engine = EventEngine(start: .defaultStart)
        var order: [String] = []
        engine.schedule(after: .seconds(2)) { order.append("b1") }
        engine.schedule(after: .seconds(1)) { order.append("a") }
        engine.schedule(after: .seconds(2)) { order.append("b2") }
        engine.schedule(after: .seconds(2)) { order.append("b3") }
        engine.run()
        #expect(order == ["a", "b1", "b2", "b3"])
        #expect(engine.now == .defaultStart + .seconds(2))
        #expect(engine.isIdle)
    }

    @Test func actionsScheduledByActionsRunAtTheirTime() {
        let engine = EventEngine(start: .defaultStart)
        var times: [SimTime] = []
        engine.schedule(after: .seconds(10)) {
            times.append(engine.now)
            engine.schedule(after: .seconds(5)) { times.append(engine.now) }
            engine.schedule(at: .defaultStart) { times.append(engine.now) }  // in the past: runs now
        }
        engine.run()
        let ten = SimTime.defaultStart + .seconds(10)
        let fifteen = SimTime.defaultStart + .seconds(15)
        #expect(times == [ten, ten, fifteen])
    }

    /// A batch scheduled in order runs exactly as its entries scheduled one by one would, among actions due
    /// at the same times, scheduled before, between (by the batch's own actions) and after it.
    @Test func aBatchInOrderRunsAsItsEntriesScheduledInTurn() {
        func run(batched: Bool) -> [String] {
            let engine = EventEngine(start: .defaultStart + .seconds(10))
            var order: [String] = []
            for i in 0..<6 { engine.schedule(after: .seconds(i % 3 * 5)) { order.append("before\(i)") } }
            // Two entries in the past (run now), equal times, and each entry schedules actions of its own.
            let times = [-5, 0, 0, 5, 5, 5, 10, 20].map { SimTime.defaultStart + .seconds(10 + $0) }
            let entries = times.enumerated().map { i, time in
                (time: time, action: {
                    order.append("entry\(i)")
                    engine.schedule(after: .zero) { order.append("now\(i)") }
                    engine.schedule(after: .seconds(5)) { order.append("later\(i)") }
                })
            }
            if batched {
                engine.schedule(inOrder: entries)
            } else {
                for entry in entries { engine.schedule(at: entry.time, entry.action) }
            }
            for i in 0..<6 { engine.schedule(after: .seconds(i % 3 * 5)) { order.append("after\(i)") } }
            engine.run()
            return order
        }
        let batched = run(batched: true)
        #expect(batched == run(batched: false))
        #expect(batched.count == 6 + 8 * 3 + 6)
        #expect(batched.prefix(3) == ["before0", "before3", "entry0"])
    }

    /// Actions scheduled for the current time run after those already due then (scheduled earlier), in
    /// order; a cancelled one does not run, even when its place is taken by a later one.
    @Test func actionsScheduledForNowRunAfterThoseAlreadyDueInOrder() {
        let engine = EventEngine(start: .defaultStart)
        var order: [String] = []
        engine.schedule(after: .seconds(1)) {
            order.append("a")
            let b = engine.schedule(at: engine.now) { order.append("b") }
            engine.schedule(at: .defaultStart) { order.append("c") }  // in the past: now
            engine.cancel(b)
            let d = engine.schedule(after: .zero) { order.append("d") }  // may take b's place
            engine.schedule(after: .zero) {
                order.append("e")
                engine.cancel(d)  // ran already: nothing
                engine.schedule(after: .zero) { order.append("g") }
            }
            engine.schedule(after: .seconds(1)) { order.append("h") }
            #expect(engine.nextEventTime == engine.now)
        }
        engine.schedule(after: .seconds(1)) { order.append("f") }
        engine.run()
        #expect(order == ["a", "f", "c", "d", "e", "g", "h"])
        #expect(engine.isIdle)
        #expect(engine.now == .defaultStart + .seconds(2))
    }

    @Test func cancelledActionsDoNotRun() {
        let engine = EventEngine(start: .defaultStart)
        var ran: [Int] = []
        let first = engine.schedule(after: .seconds(1)) { ran.append(1) }
        engine.schedule(after: .seconds(2)) { ran.append(2) }
        engine.cancel(first)
        engine.cancel(first)
        #expect(engine.nextEventTime == .defaultStart + .seconds(2))
        engine.run()
        #expect(ran == [2])
    }

    @Test func cancellingActionsThatAlreadyRanChangesNothingLater() {
        let engine = EventEngine(start: .defaultStart)
        let done = (0..<1_000).map { i in engine.schedule(after: .seconds(i % 7)) {} }
        engine.run()
        for id in done { engine.cancel(id) }  // stale: far more than the empty queue holds
        var ran: [Int] = []
        let later = (0..<100).map { i in engine.schedule(after: .seconds(i % 5)) { ran.append(i) } }
        for (i, id) in later.enumerated() where i % 3 == 0 { engine.cancel(id) }
        for id in done { engine.cancel(id) }
        engine.cancel(EventID(rawValue: 1 << 40))  // never scheduled
        engine.run()
        #expect(ran.sorted() == (0..<100).filter { $0 % 3 != 0 })
        #expect(engine.isIdle)
    }

    /// A timer moved at every input (the automatic pause at every fix) is a cancel and a new schedule: the
    /// cancelled action must leave the queue then, with what its closure holds, not at its deadline.
    @Test func aCancelledActionIsReleasedAtOnce() {
        final class Payload {}
        let engine = EventEngine(start: .defaultStart)
        weak var released: Payload?
        var timer: EventID?
        for _ in 0..<10_000 {
            let payload = Payload()
            released = payload
            timer.map(engine.cancel)
            timer = engine.schedule(after: .seconds(600)) { _ = payload }
        }
        #expect(released != nil, "the pending one is kept")
        timer.map(engine.cancel)
        #expect(released == nil, "cancelled, its closure and what it holds are gone")
        #expect(engine.isIdle)
        var ran = 0
        engine.schedule(after: .seconds(1)) { ran += 1 }
        engine.run()
        #expect(ran == 1)
    }

    @Test func runUntilStopsAndMovesTheClock() {
        let engine = EventEngine(start: .defaultStart)
        var ran = 0
        engine.schedule(after: .seconds(60)) { ran += 1 }
        engine.schedule(after: .seconds(120)) { ran += 1 }
        engine.advance(by: .seconds(90))
        #expect(ran == 1)
        #expect(engine.now == .defaultStart + .seconds(90))
        engine.run()
        #expect(ran == 2)
    }

    @Test func pacedRunSleepsOnTheGivenClockScaledBySpeed() async throws {
        let engine = EventEngine(start: .defaultStart)
        let clock = ManualClock()
        var ran = 0
        engine.schedule(after: .seconds(10)) { ran += 1 }
        engine.schedule(after: .seconds(20)) { ran += 1 }
        try await engine.run(pacedBy: clock, speed: 10)
        #expect(ran == 2)
        #expect(clock.now.offset == .seconds(2))
    }
}

/// A clock that jumps instantly to every deadline it is asked to sleep until, and remembers it.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private(set) var now = Instant(offset: .zero)
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        if deadline > now { now = deadline }
    }
}
