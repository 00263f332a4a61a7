extension Publishers {
    /// A publisher of the values of the publishers a closure makes of its upstream's values, as they come; it
    /// finishes when the upstream and every publisher made have finished, and ends at the first failure.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are mapped to publishers.
        public let upstream: Upstream
        /// How many publishers made may be running at once.
        public let maxPublishers: Subscribers.Demand
        /// Makes a publisher of a value.
        public let transform: (Upstream.Output) -> NewPublisher

        /// A publisher of the values of the publishers `transform` makes of `upstream`'s values.
        public init(upstream: Upstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(FlatMapLink<Upstream, NewPublisher, S>(subscriber, maxPublishers: maxPublishers, transform: transform))
        }
    }
}

extension Publisher {
    /// The values of the publishers `transform` makes of this publisher's values, at most `maxPublishers`
    /// of them running at once.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}
