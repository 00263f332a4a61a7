/// How a run moves an engine's clock, and the one rule by which every run stops when its task is cancelled
/// (Ctrl-C, SIGTERM through `Interruption`): on virtual time it checks every ``cancellationInterval``
/// instants it runs (and every as many inputs a source delivers, ``ReplaySource``), paced it checks at
/// every wait, live (``LiveRun``) at every wake-up; each throws `CancellationError`.
///
/// `bgtask simulate` runs to its `--for`, a replay's app lingers after the last fix while it has something to
/// do, both by one ``run(until:while:)``:
///
/// ```swift
/// try await EngineRun(engine: engine).run(until: end)                                     // simulate
/// try await EngineRun(engine: engine, pacing: .paced(speed: 10)).run(until: end) { !app.isSettled }   // linger
/// ```
/// ``EventEngine/run(until:)`` itself never checks: it is for tests, and for a caller that owns the run.
public struct EngineRun {
    /// How the clock moves.
    public enum Pacing {
        /// As fast as possible.
        case virtual
        /// At `speed` times real time on `clock`.
        case paced(speed: Double, clock: any Clock<Duration> = ContinuousClock())
    }

    /// How many instants (or inputs) a virtual run goes between two checks of its task's cancellation.
    @inlinable public static var cancellationInterval: Int { 1024 }

    public let engine: EventEngine
    public let pacing: Pacing

    public init(engine: EventEngine, pacing: Pacing = .virtual) {
        self.engine = engine
        self.pacing = pacing
    }

    /// Runs the engine instant by instant, every action due by `end` (nil: until none is left), while
    /// `condition` holds before each instant.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (by the rule of ``EngineRun``).
    public func run(until end: SimTime? = nil, while condition: () -> Bool = { true }) async throws {
        var instants = 0
        while condition(), let next = engine.nextEventTime, end.map({ next <= $0 }) ?? true {
            switch pacing {
            case .virtual:
                engine.run(until: next)
                instants &+= 1
                if instants % Self.cancellationInterval == 0 { try Task.checkCancellation() }
            case .paced(let speed, let clock):
                try await engine.run(until: next, pacedBy: clock, speed: speed)
            }
        }
        try Task.checkCancellation()
    }
}
