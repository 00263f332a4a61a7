/// A publisher that sends one value, on its subscriber's first demand, and finishes.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The value it sends.
    public let output: Output

    /// A publisher of `output`.
    public init(_ output: Output) {
        self.output = output
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: ResultSubscription(AnySubscriber(subscriber), result: .success(output)))
    }
}
