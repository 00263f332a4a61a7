/// ``Publishers/Concatenate``'s subscriber of both publishers in turn and its subscriber's subscription: the
/// demand not yet met carries over to the second.
// @unchecked Sendable: the upstream, the demand and the phase are read and changed under the lock.
final class ConcatenateLink<Suffix: Publisher, Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
where Downstream.Input == Suffix.Output, Downstream.Failure == Suffix.Failure {
    private let lock = NSLock()
    private let downstream: Downstream
    private let suffix: Suffix
    private var upstream: (any Subscription)?
    private var demand = Subscribers.Demand.none
    private var onSuffix = false
    private var isDone = false

    init(_ downstream: Downstream, suffix: Suffix) {
        self.downstream = downstream
        self.suffix = suffix
    }

    func receive(subscription: any Subscription) {
        let (first, demand) = lock.withLock {
            upstream = subscription
            return (!onSuffix, self.demand)
        }
        if first {
            downstream.receive(subscription: self)
        } else if demand > 0 {
            subscription.request(demand)
        }
    }

    func receive(_ input: Suffix.Output) -> Subscribers.Demand {
        guard lock.withLock({ !isDone }) else { return .none }
        lock.withLock { demand -= 1 }
        let more = downstream.receive(input)
        lock.withLock { demand += more }
        return more
    }

    func receive(completion: Subscribers.Completion<Suffix.Failure>) {
        // nil: already ended; true: on to the suffix; false: the end.
        let toSuffix: Bool? = lock.withLock {
            guard !isDone else { return nil }
            upstream = nil
            if case .finished = completion, !onSuffix {
                onSuffix = true
                return true
            }
            isDone = true
            return false
        }
        switch toSuffix {
        case true?: suffix.subscribe(self)
        case false?: downstream.receive(completion: completion)
        case nil: break
        }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock {
            self.demand += demand
            return upstream
        }?.request(demand)
    }

    func cancel() {
        lock.withLock {
            isDone = true
            defer { upstream = nil }
            return upstream
        }?.cancel()
    }
}
