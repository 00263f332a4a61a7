/// The one driver of an engine: runs it on virtual time, paced by a real clock, or live, until a time and
/// while a condition holds, and stops by one cancellation rule.
///
/// **The cancellation rule.** A run checks its task's cancellation (Ctrl-C, SIGTERM through
/// `Interruption`) where it would let time pass, and once more when it ends; at the first check after
/// the task is cancelled it throws `CancellationError` and runs nothing more. Virtual time passes without
/// a wait, so a virtual run checks every ``cancellationInterval`` instants it runs (and a ``ReplaySource``
/// every as many inputs it delivers); a paced run checks at every wait; a live one at every wake-up and
/// before each input it takes.
///
/// `bgtask simulate` runs to its `--for`, a replay's app lingers after the last fix while it has something to
/// do, `bgloc live` follows the wall clock and the inputs its sources post (through ``LiveRun``), all by
/// one ``run(until:while:)``:
///
/// ```swift
/// try await EngineRun(engine: engine).run(until: end)                                     // simulate
/// try await EngineRun(engine: engine, pacing: .paced(speed: 10)).run(until: end) { !app.isSettled }   // linger
/// try await EngineRun(engine: engine, pacing: .live()).run(until: stop) { ending == nil }  // LiveRun
///
/// // test: a live run on a clock that never moves sleeps until its task is cancelled
/// let run = Task { try await EngineRun(engine: engine, pacing: .live(clock: FrozenClock())).run() }
/// run.cancel()
/// await #expect(throws: CancellationError.self) { try await run.value }
/// ```
/// ``EventEngine/run(until:)`` itself never checks: it is for tests, and for a caller that owns the run.
public struct EngineRun {
    /// How the clock moves: ``virtual``, ``paced(speed:clock:)`` or ``live(clock:)``.
    ///
    /// A struct with a payload-free ``Mode`` rather than an enum whose cases carry the clock: Swift 6.3's
    /// debug builds copied and destroyed such an enum's payload-free case as if it held the existential
    /// clock (a bad pointer in "outlined init with copy of EngineRun.Pacing", `bgtask simulate` and `bgloc
    /// replay` crashing at their first run), the same fault the LocationScenario workaround of
    /// `Conditions.machine` met.
    public struct Pacing {
        /// Which of the three pacings.
        public enum Mode: Sendable { case virtual, paced, live }

        public let mode: Mode
        /// How many times real time a paced run goes (1 for the others).
        public let speed: Double
        /// The real clock a paced or live run follows (unused by a virtual run).
        public let clock: any Clock<Duration>

        /// As fast as possible.
        public static var virtual: Pacing { Pacing(mode: .virtual, speed: 1, clock: ContinuousClock()) }

        /// At `speed` times real time on `clock`.
        public static func paced(speed: Double, clock: any Clock<Duration> = ContinuousClock()) -> Pacing {
            Pacing(mode: .paced, speed: speed, clock: clock)
        }

        /// In real time on `clock`, taking the inputs posted into the engine's ``EventEngine/inbox`` as they
        /// come: the engine's `now` advances by exactly the real time elapsed, a timed action runs when the
        /// clock reaches it, an input at the live time it is taken (after every action due by then). With
        /// nothing due the run sleeps, one sleeper per deadline, until its next timer or a post; an empty
        /// queue does not end it.
        public static func live(clock: any Clock<Duration> = ContinuousClock()) -> Pacing {
            Pacing(mode: .live, speed: 1, clock: clock)
        }
    }

    /// How many instants (or inputs) a virtual run goes between two checks of its task's cancellation.
    @inlinable public static var cancellationInterval: Int { 1024 }

    public let engine: EventEngine
    public let pacing: Pacing

    public init(engine: EventEngine, pacing: Pacing = .virtual) {
        self.engine = engine
        self.pacing = pacing
    }

    /// Runs the engine instant by instant, every action due by `end`, while `condition` holds before each
    /// instant (and, live, before each input). With `end` nil a virtual or paced run goes until no action is
    /// left, a live one until `condition` fails; live, `now` reaches `end` even with nothing due then.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (by the rule of ``EngineRun``).
    public func run(until end: SimTime? = nil, while condition: () -> Bool = { true }) async throws {
        switch pacing.mode {
        case .virtual:
            var instants = 0
            while condition(), let next = engine.nextEventTime, end.map({ next <= $0 }) ?? true {
                engine.run(until: next)
                instants &+= 1
                if instants % Self.cancellationInterval == 0 { try Task.checkCancellation() }
            }
        case .paced:
            while condition(), let next = engine.nextEventTime, end.map({ next <= $0 }) ?? true {
                try await engine.run(until: next, pacedBy: pacing.clock, speed: pacing.speed)
            }
        case .live:
            try await runLive(on: pacing.clock, until: end, while: condition)
        }
        try Task.checkCancellation()
    }

    /// The live pacing: runs what is due by the live time, then each input as it comes, sleeping in between
    /// until the next timer or post.
    private func runLive<C: Clock<Duration>>(on clock: C, until end: SimTime?, while condition: () -> Bool) async throws {
        let virtualStart = engine.now
        let realStart = clock.now
        // Runs what is due by the live time; false once the run is over (`end` reached, `condition` failed).
        func catchUp() throws -> Bool {
            let live = virtualStart + realStart.duration(to: clock.now)
            let due = end.map { min(live, $0) } ?? live
            while condition(), let next = engine.nextEventTime, next <= due {
                engine.run(until: next)
            }
            guard condition() else { return false }
            engine.run(until: due)
            if let end, engine.now >= end { return false }
            try Task.checkCancellation()
            return true
        }
        // A timer at the end, so that a run with nothing else to do wakes then.
        let endTimer = end.map { engine.schedule(at: $0) {} }
        defer { endTimer.map(engine.cancel) }
        let inbox = engine.inbox
        var sleeper = LiveSleeper(clock: clock, inbox: inbox)
        defer { sleeper.cancel() }
        while try catchUp() {
            let inputs = inbox.take()
            guard inputs.isEmpty else {
                for input in inputs {
                    guard try catchUp() else { return }
                    input()
                }
                continue
            }
            // Everything due by now has run, so a sleeper for the same deadline has not fired yet.
            sleeper.sleep(until: engine.nextEventTime.map { realStart.advanced(by: $0 - virtualStart) })
            await withTaskCancellationHandler {
                await inbox.wait()
            } onCancel: {
                inbox.wake()
            }
        }
    }
}
