/// The owner of a live run: starts any number of ``LiveSource``s feeding an engine, has ``EngineRun`` drive
/// the engine live meanwhile, and stops them all when the run ends.
///
/// In the manner of swift-service-lifecycle's `ServiceGroup`: each source runs in a child task; what it
/// posts reaches its handler on the engine's owner (the caller of ``run()``), in the order posted, at the
/// current live time. The engine is ``EngineRun``'s to drive, on its live pacing
/// (``EngineRun/Pacing/live(clock:)``): its virtual clock follows `clock`, timed actions run when the clock
/// reaches them, and a post wakes the run at once. The run's own are its sources, their ends, its stop
/// time and what it keeps.
///
/// The run ends, and cancels every source still running, at the first of:
/// - the stop time (`until`, a virtual time: `--duration`);
/// - the end of a source added with ``FinishBehavior/endRun`` (gpsd after `--fixes`), or of the last source
///   still running;
/// - a source's error: ``run()`` throws the first one, errors after the end are ignored;
/// - the cancellation of the task running ``run()`` (Ctrl-C, SIGTERM through `Interruption`), by
///   ``EngineRun``'s one rule: it throws `CancellationError`.
///
/// The first of them wins: a source's end or error that came before the cancellation is what ``run()``
/// returns or throws. ``run()`` returns only when every source has returned. Everything a source posted
/// before it ended is handled before its end counts; inputs still in the inbox when the run ends are
/// dropped.
///
/// It is not an actor, unlike `ServiceGroup`: the engine, and the location manager, timeline and app on
/// it, belong to the task that runs it, and the handlers run there.
///
/// ```swift
/// // production: bgloc live
/// let run = LiveRun(engine: engine, until: duration.map { engine.now + $0 })
/// run.add(GPSDSource(configuration: gpsd)) { event in manager.receive(event) }
/// try await run.run()
///
/// // test: a scripted source and a clock that never moves, so every input is handled at the start time
/// let run = LiveRun(engine: engine, clock: FrozenClock())
/// run.add(ThreadedScript(values: [1, 2, 3])) { n in seen.append((n, engine.now)) }  // posts from a thread
/// try await run.run()
/// #expect(seen.map(\.0) == [1, 2, 3])
/// ```
///
/// - Warning: Not thread-safe, like the engine: add sources and call ``run()`` on the engine's owner.
public final class LiveRun {
    /// What the end of a source's `run` does to the run.
    public enum FinishBehavior: Sendable {
        /// Ends the run (and stops the other sources): gpsd after `--fixes`.
        case endRun
        /// The run goes on without it; it still ends when its last source has ended.
        case keepRunning
    }

    /// One source as the run starts it.
    private struct Member {
        let run: @Sendable () async throws -> Void
        let whenFinished: FinishBehavior
        let disconnect: () -> Void
    }

    /// A source's end, as its task posts it.
    private struct SourceEnd: Sendable {
        let index: Int
        let error: (any Error)?
    }

    /// Why the loop stopped.
    private enum Ending {
        case stopTime
        case finished
        case failed(any Error)
        case cancelled
    }

    public let engine: EventEngine
    /// The virtual time at which the run ends; nil runs until a source ends it or the task is cancelled.
    public let stopAt: SimTime?
    private let clock: any Clock<Duration>
    private var members: [Member] = []
    /// What the run drives, kept alive until it has ended (``keep(_:)``).
    private var kept: [AnyObject] = []
    private var ending: Ending?
    private var running = 0

    /// A run of `engine` in real time on `clock` (the wall clock by default) until `stopAt`.
    public init(engine: EventEngine, until stopAt: SimTime? = nil, clock: any Clock<Duration> = ContinuousClock()) {
        self.engine = engine
        self.stopAt = stopAt
        self.clock = clock
    }

    /// Adds `source`, whose every input `handle` gets on the engine's owner, at the live time it is taken.
    /// Call before ``run()``.
    public func add<Source: LiveSource>(
        _ source: Source, whenFinished: FinishBehavior = .endRun, handle: @escaping (Source.Input) -> Void
    ) {
        let input = EngineInput(inbox: engine.inbox, handle: handle)
        members.append(
            Member(run: { try await source.run(posting: input) }, whenFinished: whenFinished, disconnect: input.disconnect))
    }

    /// Keeps `object` (the app the run drives) alive until the run has ended: the run owns what it runs.
    public func keep(_ object: AnyObject) {
        kept.append(object)
    }

    /// Runs the engine live with every source until the run ends (see ``LiveRun``); call once.
    ///
    /// - Throws: The first error of a source, or `CancellationError` when the task is cancelled.
    public func run() async throws {
        let endings = EngineInput<SourceEnd>(inbox: engine.inbox) { [unowned self] end in
            sourceEnded(members[end.index], error: end.error)
        }
        defer {
            kept.removeAll()
            endings.disconnect()
            members.forEach { $0.disconnect() }
            engine.inbox.discard()
        }
        running = members.count
        await withTaskGroup(of: Void.self) { group in
            for (index, member) in members.enumerated() {
                let run = member.run
                group.addTask {
                    do {
                        try await run()
                        endings.post(SourceEnd(index: index, error: nil))
                    } catch {
                        endings.post(SourceEnd(index: index, error: error))
                    }
                }
            }
            do {
                try await EngineRun(engine: engine, pacing: .live(clock: clock)).run(until: stopAt) { ending == nil }
                ending = ending ?? .stopTime
            } catch {
                ending = ending ?? .cancelled  // its only error; a source's end or error that came first wins
            }
            group.cancelAll()
        }
        switch ending {
        case .failed(let error)?: throw error
        case .cancelled?: throw CancellationError()
        case .stopTime?, .finished?, nil: return
        }
    }

    private func sourceEnded(_ member: Member, error: (any Error)?) {
        guard ending == nil else { return }
        running -= 1
        if let error {
            ending = .failed(error)
        } else if member.whenFinished == .endRun || running == 0 {
            ending = .finished
        }
    }
}
