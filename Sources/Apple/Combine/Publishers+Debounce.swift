extension Publishers {
    /// A publisher of the values of its upstream after which it stays quiet for an interval: each value waits
    /// for the interval on the scheduler, and a later value replaces it. It asks its upstream for unlimited
    /// values and sends one only if its subscriber has demand then; a completion goes to the subscriber at
    /// once, on the scheduler, and a value still waiting is dropped.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The quiet interval.
        public let dueTime: Context.SchedulerTimeType.Stride
        /// The scheduler the interval is measured and the values delivered on.
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        /// `upstream`'s values after `dueTime` of quiet.
        public init(upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (dueTime, scheduler, options) = (dueTime, scheduler, options)
            let state = DebounceState()
            let relay = Relay<Output, Failure, S>(subscriber, upstreamDemand: { _ in .unlimited }) { relay, value in
                let generation = state.nextGeneration()
                scheduler.schedule(after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance, options: options) {
                    guard !relay.isCancelled, state.takeDemand(ifCurrent: generation) else { return }
                    state.add(relay.downstream.receive(value))
                }
                return .none
            } onCompletion: { relay, completion in
                _ = state.nextGeneration()
                scheduler.schedule(options: options) {
                    if !relay.isCancelled { relay.downstream.receive(completion: completion) }
                }
            }
            relay.onRequest = { state.add($0) }
            upstream.subscribe(relay)
        }
    }
}

extension Publisher {
    /// Sends a value only after `dueTime` passes on `scheduler` with no newer value.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}
