extension Publishers {
    /// A publisher of the values of two publishers as they come; it finishes when both have finished, and
    /// ends at the first failure.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        /// The values of `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Publishers.Sequence<[AnyPublisher<Output, Failure>], Failure>(sequence: [a.eraseToAnyPublisher(), b.eraseToAnyPublisher()])
                .flatMap { $0 }
                .subscribe(subscriber)
        }
    }
}

extension Publisher {
    /// This publisher's values and `other`'s, as they come.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }
}
