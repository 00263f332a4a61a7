/// The one discrete-event engine: a queue of timed actions run in order of time, then of insertion.
///
/// Everything in bgkit that happens "at a time" — a scheduler launch, a replayed fix, an app going to the
/// background, audio progress — is an action on an engine. On virtual time ``run(until:)`` runs the
/// queue as fast as it can; ``run(until:pacedBy:speed:)`` runs the same queue paced by a real clock. A
/// command's run goes through ``EngineRun``, the one driver, virtual, paced or live: live, it runs the
/// queue in real time and also takes inputs from the outside world (gpsd, a socket, a terminal), posted
/// from any thread into the ``inbox``, as they arrive (a ``LiveRun`` starts the sources that post them).
/// Same actions, same order: the timeline of a virtual run is byte-for-byte reproducible.
///
/// ```swift
/// let engine = EventEngine(start: .defaultStart)
/// engine.schedule(after: .seconds(30)) { print("half a minute in") }
/// engine.run()
/// ```
///
/// - Warning: An engine is not thread-safe. Every action runs on the caller of `run`, one at a time;
///   schedule from those actions or before running, never from another thread. Inputs from other
///   threads come in through the ``inbox``, which a live run (``EngineRun``'s live pacing) empties.
public final class EventEngine {
    // The engine's properties skip Swift's dynamic exclusivity checks (each access to a class's stored
    // property otherwise costs a runtime call and a thread-local lookup: a third of a replay's
    // instructions). The engine needs none: it has a single owner, and no access to its state spans a
    // call out (an action runs after its entry is popped).

    /// The current time: the time of the action running now, or of the last one run.
    @exclusivity(unchecked) public private(set) var now: SimTime
    /// The pending actions; a cancelled one leaves it at once, with what its closure holds.
    @exclusivity(unchecked) private var queue = ActionQueue()
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0
    /// Where other threads post inputs for a live run (``EngineRun/Pacing/live(clock:)``); virtual and paced
    /// runs never look at it.
    public let inbox = EngineInbox()

    /// Creates an engine whose clock starts at `start`.
    public init(start: SimTime) {
        self.now = start
    }

    /// Schedules `action` at `time`; a time in the past runs as soon as possible, after what is due now.
    @discardableResult
    public func schedule(at time: SimTime, _ action: @escaping () -> Void) -> EventID {
        let sequence = nextSequence
        nextSequence += 1
        return EventID(rawValue: queue.insert(at: max(time, now), sequence: sequence, action))
    }

    /// Schedules `entries`, sorted by time, that are never cancelled: they run exactly as if each were
    /// scheduled in turn (one after the other, in the order given), but only the next of them waits in the
    /// queue — the following one joins it, with the place in the order it was given here, when that one
    /// runs. A script of a year's changes (``ScriptedConditions``' thousands of timed entries) so keeps the
    /// queue, which every other action goes through, as short as what else is pending.
    public func schedule(inOrder entries: [(time: SimTime, action: () -> Void)]) {
        guard !entries.isEmpty else { return }
        precondition(zip(entries, entries.dropFirst()).allSatisfy { $0.time <= $1.time }, "entries not sorted by time")
        enqueue(entries, at: 0, sequence: nextSequence, notBefore: now)
        nextSequence += UInt64(entries.count)
    }

    /// Queues `entries[index]` with its place in the order (the first's `sequence` plus `index`); when it
    /// runs, the next entry is queued first.
    private func enqueue(_ entries: [(time: SimTime, action: () -> Void)], at index: Int, sequence: UInt64, notBefore earliest: SimTime) {
        let entry = entries[index]
        _ = queue.insert(at: max(entry.time, earliest), sequence: sequence + UInt64(index)) { [unowned self] in
            if index + 1 < entries.count { enqueue(entries, at: index + 1, sequence: sequence, notBefore: earliest) }
            entry.action()
        }
    }

    /// Schedules `action` a duration from now.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> EventID {
        schedule(at: now + delay, action)
    }

    /// Cancels a scheduled action; cancelling one that already ran or was cancelled does nothing.
    ///
    /// The action leaves the queue at once, so an engine whose timers are moved at every input (the
    /// automatic pause at every fix) holds only what is pending, at any rate of inputs.
    public func cancel(_ id: EventID) {
        queue.remove(id.rawValue)
    }

    /// The time of the next action that will run, or nil when nothing is pending.
    public var nextEventTime: SimTime? { queue.first?.time }

    /// True when no action is pending.
    public var isIdle: Bool { nextEventTime == nil }

    /// Runs the next pending action, advancing the clock to its time. Returns false when none is pending.
    @discardableResult
    public func step() -> Bool {
        guard let entry = queue.popFirst() else { return false }
        now = entry.time
        entry.action()
        return true
    }

    /// Runs on virtual time, as fast as possible: every action due up to `end` (all of them when `end` is
    /// nil), then moves the clock to `end`.
    public func run(until end: SimTime? = nil) {
        while let next = nextEventTime, end.map({ next <= $0 }) ?? true {
            step()
        }
        if let end, end > now { now = end }
    }

    /// Advances virtual time by `duration`, running every action that falls due on the way.
    public func advance(by duration: Duration) {
        run(until: now + duration)
    }

    /// Runs the same queue paced by a real clock: an action at virtual time `t` runs when
    /// `(t - start) / speed` of real time has passed. Stops at `end` or when nothing is left; throws
    /// `CancellationError` when the surrounding task is cancelled (Ctrl-C).
    public func run<C: Clock>(
        until end: SimTime? = nil, pacedBy clock: C, speed: Double = 1
    ) async throws where C.Duration == Duration {
        precondition(speed > 0, "speed must be positive")
        let virtualStart = now
        let realStart = clock.now
        while let next = nextEventTime, end.map({ next <= $0 }) ?? true {
            let offset = (next - virtualStart) / speed
            try await clock.sleep(until: realStart.advanced(by: offset), tolerance: nil)
            step()
        }
        try Task.checkCancellation()
        if let end, end > now { now = end }
    }
}
