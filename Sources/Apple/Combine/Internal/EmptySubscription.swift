/// The subscription of ``Subscriptions/empty``: it ignores requests and cancellation.
final class EmptySubscription: Subscription {
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}
