/// A publisher that sends no value, and finishes at once unless made not to complete.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    /// Whether it finishes at once (else never).
    public let completeImmediately: Bool

    /// An empty publisher that finishes at once, or never.
    public init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    /// An empty publisher of the given types.
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.init(completeImmediately: completeImmediately)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately { subscriber.receive(completion: .finished) }
    }
}
