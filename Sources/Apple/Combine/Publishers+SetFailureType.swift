extension Publishers {
    /// A publisher that cannot fail, typed as one that can.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output

        /// The publisher retyped.
        public let upstream: Upstream

        /// `upstream` typed with the failure `Failure`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Relay<Output, Never, S>(subscriber) { $0.downstream.receive($1) } onCompletion: { relay, _ in
                relay.downstream.receive(completion: .finished)
            })
        }
    }
}

extension Publisher where Failure == Never {
    /// This publisher typed as one that may fail with `E`.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}
