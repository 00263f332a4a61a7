/// A subscriber that hands its events to the link of an operator with several upstreams (``FlatMapLink``,
/// ``CombineLatestLink``).
final class SideSubscriber<Input, Failure: Error>: Subscriber {
    private let onSubscription: (SideSubscriber, any Subscription) -> Void
    private let onValue: (Input) -> Subscribers.Demand
    private let onCompletion: (SideSubscriber, Subscribers.Completion<Failure>) -> Void

    init(
        onSubscription: @escaping (SideSubscriber, any Subscription) -> Void,
        onValue: @escaping (Input) -> Subscribers.Demand,
        onCompletion: @escaping (SideSubscriber, Subscribers.Completion<Failure>) -> Void
    ) {
        self.onSubscription = onSubscription
        self.onValue = onValue
        self.onCompletion = onCompletion
    }

    func receive(subscription: any Subscription) { onSubscription(self, subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { onValue(input) }
    func receive(completion: Subscribers.Completion<Failure>) { onCompletion(self, completion) }
}
