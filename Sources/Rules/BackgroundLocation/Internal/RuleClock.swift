import BackgroundCore

/// The location rules' clock: each fix's own time, so that a live run (whose engine follows the wall
/// clock) measures dwell, significant-change spacing, accuracy waits and automatic pauses as a replay of
/// the same fixes does, at any pace.
///
/// - A fix with a time counts at that time. A fix without one (gpsd before its first full fix, a trace
///   point without a time) counts at its arrival: the latest fix's time plus the engine time since that
///   fix arrived.
/// - A fix earlier than the fix before it is a receiver's reset (or a trace out of time order): the clock
///   restarts from it, counting it at the previous fix's time and later fixes by their own differences
///   from it. The clock never runs backwards.
/// - A timer (the end of a dwell, of an accuracy wait, of a pause's delay) runs by the first fix whose
///   time reaches its deadline, before that fix, as in a replay, where the engine runs it at its
///   deadline before the fix. Between fixes it runs by the engine, at its deadline mapped to engine time
///   by the latest fix (its time minus its arrival), so that a dwell still ends when the fixes stop.
/// - A timer's engine event is not moved at every fix. When fixes come slower than the engine's time (the
///   mapping moves the deadline later), the event, when it comes, finds the timer not due and moves itself
///   then; when they come faster (the deadline moves earlier), it is moved once it would run later than
///   the mapped deadline by more than half the time the timer still has (fix time), and at least a second.
///   A fast feed through gpsd used to move the engine's next event at every fix, and with it the live
///   run's sleeper: each cancelled sleep held its task until its deadline, and the heap crept at every fix.
///   Should the fixes stop, a timer runs by the engine at most that much late.
///
/// In a replay of timed fixes in time order a fix arrives at its own time: the clock is the engine's
/// and every timer runs by the engine, exactly as before this clock existed.
final class RuleClock {
    private struct Timer {
        var id: Int
        var deadline: SimTime
        var event: EventID
        /// The clock's lead over the engine when `event` was scheduled.
        var lead: Duration
        var action: () -> Void
    }

    private let engine: EventEngine
    /// The rules' current time: the time of the fix being handled, or the deadline of the timer running.
    @exclusivity(unchecked) private(set) var now: SimTime
    /// The latest fix's time on this clock, or nil before the first fix.
    @exclusivity(unchecked) private var lastFix: SimTime?
    /// The clock's time minus the engine's when the latest fix arrived.
    @exclusivity(unchecked) private var lead = Duration.zero
    /// Added to fix times since the receiver's latest reset.
    @exclusivity(unchecked) private var shift = Duration.zero
    @exclusivity(unchecked) private var timers: [Timer] = []
    @exclusivity(unchecked) private var nextID = 0

    init(engine: EventEngine) {
        self.engine = engine
        self.now = engine.now
    }

    /// Moves the clock to `fix`'s time, first running the timers due by then.
    func advance(to fix: LocationFix) {
        var time = fix.time.map { $0 + shift } ?? engine.now + lead
        if let last = lastFix, time < last {
            if fix.time != nil { shift += last - time }
            time = last
        }
        if lastFix != nil { time = max(time, now) }  // a timer ran ahead of the fixes, by the engine
        runTimers(dueBy: time)
        now = time
        lastFix = time
        let newLead = time - engine.now
        guard newLead != lead else { return }  // a replay of timed fixes: always
        lead = newLead
        for i in timers.indices where lead - timers[i].lead > max(.seconds(1), (timers[i].deadline - time) / 2) {
            engine.cancel(timers[i].event)
            (timers[i].event, timers[i].lead) = (scheduleEvent(id: timers[i].id, at: timers[i].deadline), lead)
        }
    }

    /// Runs `action` at `deadline` on this clock; returns an id for ``cancel(_:)``.
    func schedule(at deadline: SimTime, _ action: @escaping () -> Void) -> Int {
        let id = nextID
        nextID += 1
        timers.append(Timer(id: id, deadline: deadline, event: scheduleEvent(id: id, at: deadline), lead: lead, action: action))
        return id
    }

    /// Cancels a timer; one that already ran or was cancelled is ignored.
    func cancel(_ id: Int) {
        guard let i = timers.firstIndex(where: { $0.id == id }) else { return }
        engine.cancel(timers.remove(at: i).event)
    }

    private func scheduleEvent(id: Int, at deadline: SimTime) -> EventID {
        engine.schedule(at: deadline - lead) { [weak self] in
            guard let self, let i = timers.firstIndex(where: { $0.id == id }) else { return }
            guard engine.now + lead >= deadline else {  // the fixes fell behind: not due yet by the latest one
                (timers[i].event, timers[i].lead) = (scheduleEvent(id: id, at: deadline), lead)
                return
            }
            let timer = timers.remove(at: i)
            now = max(now, timer.deadline)
            timer.action()
        }
    }

    /// Runs, earliest first, the timers whose deadline is at or before `time`, including those they set.
    private func runTimers(dueBy time: SimTime) {
        while true {
            var due: Int?
            for i in timers.indices where timers[i].deadline <= time {
                if let d = due, (timers[d].deadline, timers[d].id) <= (timers[i].deadline, timers[i].id) { continue }
                due = i
            }
            guard let due else { return }
            let timer = timers.remove(at: due)
            engine.cancel(timer.event)
            now = max(now, timer.deadline)
            timer.action()
        }
    }
}
