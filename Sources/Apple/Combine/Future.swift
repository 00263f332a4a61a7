/// A publisher of one result to come: its closure runs at once, when the future is made, and is given a
/// promise to fulfil once; each subscriber, whenever it subscribes, receives the result (a value, then
/// finished; or the failure).
// @unchecked Sendable: the result and the waiting subscriptions are read and changed under the lock.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    /// The closure that fulfils the future; only its first call counts.
    public typealias Promise = (Result<Output, Failure>) -> Void

    private let lock = NSLock()
    private var result: Result<Output, Failure>?
    private var waiting: [ResultSubscription<Output, Failure>] = []

    /// A future whose result `attemptToFulfill` gives to the promise it is handed (now or later).
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { result in self.fulfil(result) }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription: ResultSubscription<Output, Failure> = lock.withLock {
            let subscription = ResultSubscription(AnySubscriber(subscriber), result: result)
            if result == nil { waiting.append(subscription) }
            return subscription
        }
        subscriber.receive(subscription: subscription)
    }

    private func fulfil(_ result: Result<Output, Failure>) {
        let waiting: [ResultSubscription<Output, Failure>]? = lock.withLock {
            guard self.result == nil else { return nil }
            self.result = result
            defer { self.waiting = [] }
            return self.waiting
        }
        for subscription in waiting ?? [] { subscription.resolve(result) }
    }
}
