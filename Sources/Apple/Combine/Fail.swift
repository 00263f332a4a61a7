/// A publisher that ends at once with an error.
public struct Fail<Output, Failure: Error>: Publisher {
    /// The error it ends with.
    public let error: Failure

    /// A publisher ending with `error`.
    public init(error: Failure) {
        self.error = error
    }

    /// A publisher of the given output type ending with `failure`.
    public init(outputType: Output.Type, failure: Failure) {
        error = failure
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
    }
}
