/// ``Publishers/FlatMap``'s subscriber of the upstream and of each publisher made, and its subscriber's
/// subscription. Values reach the subscriber one at a time; each request is handed to every publisher made
/// (so with a finite demand they may send more than asked, together; `sink` and `assign` ask unlimited).
// @unchecked Sendable: the subscriptions, the demand and the flags are read and changed under `lock`; the
// subscriber is called under `delivery` only.
final class FlatMapLink<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
    @unchecked Sendable
where NewPublisher.Failure == Upstream.Failure, Downstream.Input == NewPublisher.Output, Downstream.Failure == Upstream.Failure {
    typealias Failure = Upstream.Failure
    private typealias Inner = SideSubscriber<NewPublisher.Output, Failure>

    private let lock = NSLock()
    private let delivery = NSRecursiveLock()
    private let downstream: Downstream
    private let maxPublishers: Subscribers.Demand
    private let transform: (Upstream.Output) -> NewPublisher
    private var outer: (any Subscription)?
    private var inners: [ObjectIdentifier: any Subscription] = [:]
    private var running = 0
    private var demand = Subscribers.Demand.none
    private var outerFinished = false
    private var isDone = false

    init(_ downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher) {
        self.downstream = downstream
        self.maxPublishers = maxPublishers
        self.transform = transform
    }

    func receive(subscription: any Subscription) {
        let accepted = lock.withLock {
            guard outer == nil, !isDone else { return false }
            outer = subscription
            return true
        }
        guard accepted else { return subscription.cancel() }
        downstream.receive(subscription: self)
        subscription.request(maxPublishers)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        guard lock.withLock({ running += 1; return !isDone }) else { return .none }
        let inner = Inner { [weak self] inner, subscription in
            self?.attach(inner, subscription)
        } onValue: { [weak self] value in
            self?.deliver(value) ?? .none
        } onCompletion: { [weak self] inner, completion in
            self?.innerEnded(inner, completion)
        }
        transform(input).subscribe(inner)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard case .finished = completion else { return end(with: completion) }
        let done = lock.withLock {
            outerFinished = true
            outer = nil
            return running == 0 && !isDone
        }
        if done { end(with: .finished) }
    }

    func request(_ demand: Subscribers.Demand) {
        let inners = lock.withLock {
            self.demand += demand
            return Array(self.inners.values)
        }
        for inner in inners { inner.request(demand) }
    }

    func cancel() {
        for subscription in takeAll() { subscription.cancel() }
    }

    private func attach(_ inner: Inner, _ subscription: any Subscription) {
        let demand: Subscribers.Demand? = lock.withLock {
            guard !isDone else { return nil }
            inners[ObjectIdentifier(inner)] = subscription
            return self.demand
        }
        guard let demand else { return subscription.cancel() }
        if demand > 0 { subscription.request(demand) }
    }

    private func deliver(_ value: NewPublisher.Output) -> Subscribers.Demand {
        delivery.lock()
        defer { delivery.unlock() }
        guard lock.withLock({ !isDone }) else { return .none }
        let more = downstream.receive(value)
        if more > 0 { request(more) }
        return .none
    }

    private func innerEnded(_ inner: Inner, _ completion: Subscribers.Completion<Failure>) {
        guard case .finished = completion else { return end(with: completion) }
        let (done, outer) = lock.withLock {
            inners[ObjectIdentifier(inner)] = nil
            running -= 1
            return (outerFinished && running == 0 && !isDone, self.outer)
        }
        if done { return end(with: .finished) }
        if maxPublishers != .unlimited { outer?.request(.max(1)) }
    }

    /// Cancels what still runs and hands `completion` to the subscriber, once.
    private func end(with completion: Subscribers.Completion<Failure>) {
        delivery.lock()
        defer { delivery.unlock() }
        guard lock.withLock({ !isDone }) else { return }
        for subscription in takeAll() { subscription.cancel() }
        downstream.receive(completion: completion)
    }

    private func takeAll() -> [any Subscription] {
        lock.withLock {
            isDone = true
            defer { outer = nil; inners = [:] }
            return (outer.map { [$0] } ?? []) + Array(inners.values)
        }
    }
}
