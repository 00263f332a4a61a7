/// A live run's wait for its next timer: one sleeper per deadline, which wakes the run through its inbox.
///
/// It is kept while the next event's time stays the same, so a post wakes the run without ending it, and
/// no timer runs while nothing is due. A sleeper per wait left each cancelled sleep queued until its
/// deadline (the executor holds a delayed job until then), one per gpsd fix when the next timer is hours
/// away.
struct LiveSleeper<C: Clock<Duration>> {
    let clock: C
    let inbox: EngineInbox
    private var current: (deadline: C.Instant, task: Task<Void, Never>)?

    init(clock: C, inbox: EngineInbox) {
        self.clock = clock
        self.inbox = inbox
    }

    /// Sleeps until `deadline` (nil: nothing is due, no sleeper), replacing the sleeper of another deadline.
    mutating func sleep(until deadline: C.Instant?) {
        guard deadline != current?.deadline else { return }
        current?.task.cancel()
        current = deadline.map { deadline in
            (deadline, Task { [clock, inbox] in
                if (try? await clock.sleep(until: deadline, tolerance: nil)) != nil { inbox.wake() }
            })
        }
    }

    /// Stops the sleeper, if any: the run has ended.
    func cancel() {
        current?.task.cancel()
    }
}
