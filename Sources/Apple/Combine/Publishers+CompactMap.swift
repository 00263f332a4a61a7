extension Publishers {
    /// A publisher of its upstream's values transformed by a closure, leaving out those it returns nil for.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The transformation; nil leaves the value out.
        public let transform: (Upstream.Output) -> Output?

        /// A publisher of `upstream`'s values through `transform`, without the nils.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = transform
            // A value left out is replaced in the demand.
            upstream.subscribe(Relay<Upstream.Output, Failure, S>(subscriber) { relay, value in
                transform(value).map { relay.downstream.receive($0) } ?? .max(1)
            })
        }
    }
}

extension Publisher {
    /// Transforms each value with `transform`, leaving out the nils.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
}
