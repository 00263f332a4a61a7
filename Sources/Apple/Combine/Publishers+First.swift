extension Publishers {
    /// A publisher of the first value of its upstream (that a closure accepts), then finished; the upstream
    /// is cancelled then.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose first value is sent.
        public let upstream: Upstream
        /// Whether a value is the one.
        public let predicate: (Output) -> Bool

        /// A publisher of the first value of `upstream` that `predicate` accepts.
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.subscribe(Relay(subscriber) { relay, value in
                guard predicate(value) else { return .max(1) }
                _ = relay.downstream.receive(value)
                relay.finish(.finished)
                return .none
            })
        }
    }
}

extension Publisher {
    /// The first value, then finished (finished alone if the upstream finishes first).
    public func first() -> Publishers.FirstWhere<Self> {
        first { _ in true }
    }

    /// The first value `predicate` accepts, then finished.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }
}
