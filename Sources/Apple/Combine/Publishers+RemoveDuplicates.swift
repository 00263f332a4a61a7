extension Publishers {
    /// A publisher of its upstream's values without those equal to the value sent before them.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose repeats are removed.
        public let upstream: Upstream
        /// Whether the second value repeats the first (the one sent before it).
        public let predicate: (Output, Output) -> Bool

        /// A publisher of `upstream`'s values without repeats, as `predicate` tells them.
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            var previous: Output?
            // A repeat left out is replaced in the demand.
            upstream.subscribe(Relay(subscriber) { relay, value in
                if let previous, predicate(previous, value) { return .max(1) }
                previous = value
                return relay.downstream.receive(value)
            })
        }
    }
}

extension Publisher {
    /// Leaves out each value that `predicate` says repeats the value sent before it.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publisher where Output: Equatable {
    /// Leaves out each value equal to the value sent before it.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        removeDuplicates(by: ==)
    }
}
