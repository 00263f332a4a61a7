/// A timer handed between threads: added to its run loop, invalidated when cancelled.
// @unchecked Sendable: Foundation's Timer may be invalidated from any thread, and it is added once, by the
// one thread it is handed to.
final class ScheduledTimer: Cancellable, @unchecked Sendable {
    private let timer: Timer

    init(_ timer: Timer) {
        self.timer = timer
    }

    /// Adds the timer to `runLoop`: to the main run loop from the main queue (where the emulated device takes
    /// it), now when called there.
    func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        guard runLoop === RunLoop.main else { return runLoop.add(timer, forMode: mode) }
        MainQueue.run { RunLoop.main.add(self.timer, forMode: mode) }
    }

    func cancel() {
        timer.invalidate()
    }
}
