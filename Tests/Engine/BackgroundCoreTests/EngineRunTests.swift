import BackgroundCore
import Synchronization
import Testing

/// The one driver's one cancellation rule, for each of its pacings.
@Suite(.timeLimit(.minutes(1))) struct EngineRunTests {
    /// A pacing, named for the test's arguments.
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case virtual, paced, live
        var testDescription: String { rawValue }

        /// The pacing, on a clock that jumps at once to each deadline it is asked to sleep until.
        func pacing() -> EngineRun.Pacing {
            switch self {
            case .virtual: .virtual
            case .paced: .paced(speed: 10, clock: JumpingClock())
            case .live: .live(clock: JumpingClock())
            }
        }
    }

    /// A timer every second for far longer than a check's interval; the tenth cancels the run's task
    /// (Ctrl-C). Virtual time checks every ``EngineRun/cancellationInterval`` instants, paced and live time
    /// before the next wait: nothing after that runs, and the run throws `CancellationError`.
    @Test(arguments: Kind.allCases)
    func aCancelledTaskStopsTheRunByTheOneRule(kind: Kind) async throws {
        let ticks = Tally()
        let run = Task {
            let engine = EventEngine(start: .defaultStart)
            for second in 1...(3 * EngineRun.cancellationInterval) {
                engine.schedule(after: .seconds(second)) {
                    ticks.add()
                    if ticks.value == 10 { withUnsafeCurrentTask { $0?.cancel() } }
                }
            }
            try await EngineRun(engine: engine, pacing: kind.pacing()).run()
        }

        await #expect(throws: CancellationError.self) { try await run.value }
        #expect(ticks.value == (kind == .virtual ? EngineRun.cancellationInterval : 10))
    }

    /// Cancelled from outside while it sleeps until a timer an hour away, a live run wakes and throws.
    @Test func aLiveRunSleepingUntilItsNextTimerWakesWhenCancelled() async throws {
        let clock = FrozenClock()
        let ran = Tally()
        let run = Task {
            let engine = EventEngine(start: .defaultStart)
            engine.schedule(after: .seconds(3_600)) { ran.add() }
            try await EngineRun(engine: engine, pacing: .live(clock: clock)).run()
        }
        while clock.sleepsStarted == 0 { await Task.yield() }

        run.cancel()

        await #expect(throws: CancellationError.self) { try await run.value }
        #expect(ran.value == 0)
    }
}

/// A clock that jumps at once to each deadline it is asked to sleep until; safe from any thread (a live
/// run sleeps in a task of its own).
private final class JumpingClock: Clock, Sendable {
    typealias Instant = FrozenClock.Instant

    private let offset = Mutex(Duration.zero)
    var now: Instant { Instant(offset: offset.withLock { $0 }) }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        offset.withLock { $0 = max($0, deadline.offset) }
    }
}
