/// An operation queue as Combine's scheduler: an operation for now; for later, Dispatch's `asyncAfter` (which
/// the emulated device runs on its clock for the app's code), which then adds the operation. Its time and
/// options are the run loop's (`Date`, seconds), which on iOS are types of their own of the same shape.
extension OperationQueue: Scheduler {
    public typealias SchedulerTimeType = RunLoop.SchedulerTimeType
    public typealias SchedulerOptions = RunLoop.SchedulerOptions

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = ScheduledAction(action)
        addOperation { action.run() }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        let action = ScheduledAction(action)
        let queue = ScheduledOperationQueue(self)
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, date.date.timeIntervalSinceNow)) {
            queue.add(action)
        }
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        AnyCancellable(RepeatingSchedule(action: action) { index, run in
            self.schedule(after: date.advanced(by: interval * .seconds(index)), tolerance: tolerance, options: options, run)
        })
    }
}
