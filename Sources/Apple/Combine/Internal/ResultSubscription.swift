/// The subscription of a publisher of at most one value (``Just``, ``Future``): on the first demand once the
/// result is known it delivers the value and finishes; a failure is delivered without demand.
// @unchecked Sendable: the downstream, the result and the demand flag are set and taken under the lock.
final class ResultSubscription<Output, Failure: Error>: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var result: Result<Output, Failure>?
    private var demanded = false

    init(_ downstream: AnySubscriber<Output, Failure>, result: Result<Output, Failure>?) {
        self.downstream = downstream
        self.result = result
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        lock.withLock { demanded = true }
        deliverIfReady()
    }

    /// The result, now known.
    func resolve(_ result: Result<Output, Failure>) {
        lock.withLock { self.result = result }
        deliverIfReady()
    }

    func cancel() {
        lock.withLock { downstream = nil }
    }

    private func deliverIfReady() {
        let ready: (AnySubscriber<Output, Failure>, Result<Output, Failure>)? = lock.withLock {
            guard let downstream, let result else { return nil }
            if case .success = result, !demanded { return nil }
            self.downstream = nil
            return (downstream, result)
        }
        guard let (downstream, result) = ready else { return }
        switch result {
        case .success(let value):
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        case .failure(let error):
            downstream.receive(completion: .failure(error))
        }
    }
}
