extension Publishers {
    /// A publisher of the values of its upstream that a closure includes.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are filtered.
        public let upstream: Upstream
        /// Whether a value is sent on.
        public let isIncluded: (Upstream.Output) -> Bool

        /// A publisher of `upstream`'s values that `isIncluded` includes.
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isIncluded = isIncluded
            // A value left out is replaced in the demand.
            upstream.subscribe(Relay(subscriber) { isIncluded($1) ? $0.downstream.receive($1) : .max(1) })
        }
    }
}

extension Publisher {
    /// Sends on only the values `isIncluded` returns true for.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}
