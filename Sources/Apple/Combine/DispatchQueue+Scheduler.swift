/// A dispatch queue as Combine's scheduler: `async` for now, `asyncAfter` for later (which the emulated device
/// runs on its clock for the app's code), a repeating schedule made of `asyncAfter`s.
extension DispatchQueue: Scheduler {
    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = ScheduledAction(action)
        async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { action.run() }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        let action = ScheduledAction(action)
        asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { action.run() }
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        AnyCancellable(RepeatingSchedule(action: action) { index, run in
            self.schedule(after: date.advanced(by: .nanoseconds(interval.magnitude * index)), tolerance: tolerance, options: options, run)
        })
    }
}
