/// A source of values over time: it sends a subscriber a subscription, then the values the subscriber asks
/// for, then at most one completion.
public protocol Publisher<Output, Failure> {
    /// The values it sends.
    associatedtype Output
    /// The error it may end with (`Never` if it cannot fail).
    associatedtype Failure: Error

    /// Attaches `subscriber`; called by ``subscribe(_:)``.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` to this publisher.
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}
