/// A publisher whose values are sent by calling it: ``send(_:)`` and ``send(completion:)``.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends `value` to its subscribers.
    func send(_ value: Output)
    /// Ends the stream of every subscriber; nothing is sent after it.
    func send(completion: Subscribers.Completion<Failure>)
    /// Gives the subject an upstream subscription, which it asks for unlimited values.
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    /// Sends `()` to its subscribers.
    public func send() { send(()) }
}

extension Publisher {
    /// Attaches `subject` to this publisher: the subject sends on what this publisher sends.
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
        let relay = SubjectSubscriber(subject)
        subscribe(relay)
        return AnyCancellable(relay)
    }
}
