extension Publishers {
    /// A publisher of one array of all its upstream's values, sent when the upstream finishes (a failure is
    /// handed on instead).
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are collected.
        public let upstream: Upstream

        /// A publisher of `upstream`'s values in one array.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var values: [Upstream.Output] = []
            upstream.subscribe(Relay<Upstream.Output, Failure, S>(subscriber, upstreamDemand: { _ in .unlimited }) { _, value in
                values.append(value)
                return .none
            } onCompletion: { relay, completion in
                if case .finished = completion { _ = relay.downstream.receive(values) }
                relay.downstream.receive(completion: completion)
            })
        }
    }
}

extension Publisher {
    /// All the values in one array, when the upstream finishes.
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }
}
