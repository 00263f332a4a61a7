extension Publishers {
    /// A publisher of its upstream's values after the first `count`.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose first values are left out.
        public let upstream: Upstream
        /// How many values are left out.
        public let count: Int

        /// A publisher of `upstream`'s values after the first `count`.
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var remaining = count
            // A value left out is replaced in the demand.
            upstream.subscribe(Relay(subscriber) { relay, value in
                guard remaining <= 0 else {
                    remaining -= 1
                    return .max(1)
                }
                return relay.downstream.receive(value)
            })
        }
    }
}

extension Publisher {
    /// Leaves out the first `count` values (one by default).
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}
