public import BackgroundCore

/// A ``LocationSource`` that replays a sequence of fixes at their own times, on virtual time, paced
/// by a real clock at N× speed, or live (``EngineRun``'s pacings).
///
/// It replays fixes built in code, or the events of a trace reader (fixes, and problems such as skipped
/// sentences, delivered at the time of the fix before them). The replay is lazy: it reads one fix ahead and schedules only that one on the engine, so a trace of
/// any length runs in constant memory. Each fix is delivered at its `time`; a fix without a time comes
/// ``untimedInterval`` after the previous one (the first at the engine's current time), and a fix
/// earlier than the previous one is delivered at once. Start the engine at the first fix's time:
/// `EventEngine(start: firstFix.time ?? .defaultStart)`.
///
/// ```swift
/// try await manager.run(.replay(fixes))                                    // virtual time
/// try await manager.run(.replay(fixes, pacing: .paced(speed: 10)))        // 10× real time
/// ```
/// Paced or live, each fix's wait is ``EngineRun``'s (live, it also takes the inbox's inputs on the way).
/// The run stops at the last fix: actions scheduled beyond it (a pending dwell, a recurring task) do
/// not run. It stops when its task is cancelled by ``EngineRun``'s rule: on virtual time every
/// ``EngineRun/cancellationInterval`` fixes, paced or live at every wait.
public final class ReplaySource: LocationSource {
    /// How a replay lets time pass: ``EngineRun``'s pacing.
    public typealias Pacing = EngineRun.Pacing

    /// The time between fixes that carry no time (default 1 s).
    public var untimedInterval = Duration.seconds(1)
    @usableFromInline let pacing: Pacing
    @usableFromInline let next: () throws -> LocationSourceEvent?

    /// A replay of `fixes`, read lazily as the replay goes.
    @inlinable
    public init(_ fixes: some Sequence<LocationFix>, pacing: Pacing = .virtual) {
        var iterator = fixes.makeIterator()
        self.next = { iterator.next().map(LocationSourceEvent.fix) }
        self.pacing = pacing
    }

    /// A replay of what `next` returns until it returns nil, such as a trace reader's track points
    /// (as `.fix`) and skipped sentences (as `.problem`). An error `next` throws ends the replay with it.
    ///
    /// ```swift
    /// let reader = try GPXReader(path: "walk.gpx")
    /// let source = ReplaySource(pacing: .virtual) {
    ///     while let item = try reader.next() { if let fix = item.trackFix { return .fix(fix) } }
    ///     return nil
    /// }
    /// ```
    @inlinable
    public init(pacing: Pacing = .virtual, next: @escaping () throws -> LocationSourceEvent?) {
        self.next = next
        self.pacing = pacing
    }

    public func run(on engine: EventEngine, deliver: @escaping (LocationSourceEvent) -> Void) async throws {
        var previous: SimTime?
        var count = 0
        while let event = try next() {
            let due: SimTime
            switch event {
            case .fix(let fix):
                due = max(fix.time ?? previous.map { $0 + untimedInterval } ?? engine.now, engine.now)
                previous = due
            case .problem:
                due = engine.now
            }
            switch pacing.mode {
            case .virtual:
                // Nothing else due by then: deliver directly (the same order as queueing it), then run
                // what the delivery scheduled for the same instant.
                if let next = engine.nextEventTime, next <= due {
                    engine.schedule(at: due) { deliver(event) }
                    engine.run(until: due)
                } else {
                    engine.run(until: due)
                    deliver(event)
                    engine.run(until: due)
                }
                count &+= 1
                if count % EngineRun.cancellationInterval == 0 { try Task.checkCancellation() }
            case .paced, .live:
                // Interrupted (Ctrl-C), the queued delivery stays in the engine's queue (a cancelled action is
                // only dropped when its time comes); holding `deliver`, and through it the caller's manager
                // and the engine, it would keep them all alive. So it holds `deliver` only until then
                // (LeakSanitizer found the cycle).
                var pending: ((LocationSourceEvent) -> Void)? = deliver
                engine.schedule(at: due) { pending?(event) }
                do {
                    try await EngineRun(engine: engine, pacing: pacing).run(until: due)
                } catch {
                    pending = nil
                    throw error
                }
            }
        }
        try Task.checkCancellation()
    }
}

extension LocationSource where Self == ReplaySource {
    /// A replay of `fixes` (see ``ReplaySource``).
    @inlinable
    public static func replay(_ fixes: some Sequence<LocationFix>, pacing: ReplaySource.Pacing = .virtual) -> ReplaySource {
        ReplaySource(fixes, pacing: pacing)
    }
}
