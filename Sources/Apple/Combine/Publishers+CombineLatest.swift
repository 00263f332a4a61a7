extension Publishers {
    /// A publisher of the pair of the latest values of two publishers, sent each time either sends once both
    /// have sent one; it finishes when both have finished, and ends at the first failure.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        /// The latest values of `a` and `b`, paired.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let link = CombineLatestLink<A.Output, B.Output, Failure, S>(subscriber)
            subscriber.receive(subscription: link)
            a.subscribe(link.firstSide())
            b.subscribe(link.secondSide())
        }
    }
}

extension Publisher {
    /// The pair of the latest values of this publisher and `other`, each time either sends, once both have.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// The latest values of this publisher and `other`, each time either sends, through `transform`.
    public func combineLatest<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
        combineLatest(other).map(transform)
    }
}
