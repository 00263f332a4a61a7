/// A receiver of a publisher's values: first a subscription, then values as it asks for them, then at most one
/// completion.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    /// The values it receives.
    associatedtype Input
    /// The error it may receive.
    associatedtype Failure: Error

    /// Called once, before anything else: the subscriber asks for values through `subscription`.
    func receive(subscription: any Subscription)
    /// A value; returns how many more values it wants besides those asked for already.
    func receive(_ input: Input) -> Subscribers.Demand
    /// The end of the stream, normal or with an error; nothing comes after it.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Receives a value of a publisher of `Void`.
    public func receive() -> Subscribers.Demand { receive(()) }
}
