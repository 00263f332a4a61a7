/// A run loop as Combine's scheduler: a `Timer` on the run loop for later (which the emulated device fires on
/// its clock when it is the main run loop), `perform` for now. On Linux the main thread of `swift test` does
/// not run its loop, and on iOS the main run loop serves the main queue, so for `RunLoop.main` work for now is
/// put on the main queue, and its timers are added from the main queue.
extension RunLoop: Scheduler {
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = ScheduledAction(action)
        if self === RunLoop.main { DispatchQueue.main.async { action.run() } } else { perform { action.run() } }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        let action = ScheduledAction(action)
        add(Timer(fire: date.date, interval: 0, repeats: false) { _ in action.run() }, tolerance: tolerance)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        let action = ScheduledAction(action)
        let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in action.run() }
        add(timer, tolerance: tolerance)
        return AnyCancellable(ScheduledTimer(timer))
    }

    /// Adds `timer` in the default mode.
    private func add(_ timer: Timer, tolerance: SchedulerTimeType.Stride) {
        timer.tolerance = tolerance.timeInterval
        ScheduledTimer(timer).add(to: self, forMode: .default)
    }
}
