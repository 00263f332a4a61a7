extension Publishers {
    /// A publisher of its upstream's values and completion delivered on a scheduler, later (the subscription
    /// and the requests are not moved); after a cancel, nothing scheduled is delivered.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The scheduler the events are delivered on.
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        /// `upstream`'s events on `scheduler`.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (scheduler, options) = (scheduler, options)
            upstream.subscribe(Relay<Output, Failure, S>(subscriber) { relay, value in
                scheduler.schedule(options: options) {
                    guard !relay.isCancelled else { return }
                    let more = relay.downstream.receive(value)
                    if more > 0 { relay.request(more) }
                }
                return .none
            } onCompletion: { relay, completion in
                scheduler.schedule(options: options) {
                    if !relay.isCancelled { relay.downstream.receive(completion: completion) }
                }
            })
        }
    }
}

extension Publisher {
    /// Delivers the values and the completion on `scheduler`.
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}
