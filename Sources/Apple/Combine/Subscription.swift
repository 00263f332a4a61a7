/// A subscriber's connection to a publisher: the subscriber asks for values through it, or cancels it.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Tells the publisher it may send `demand` more values.
    func request(_ demand: Subscribers.Demand)
}
