/// ``Publishers/CombineLatest``'s subscriber of both publishers, and its subscriber's subscription. Pairs reach
/// the subscriber one at a time; each request is handed to both publishers.
// @unchecked Sendable: the latest values, the subscriptions and the flags are read and changed under `lock`;
// the subscriber is called under `delivery` only.
final class CombineLatestLink<First, Second, Failure: Error, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == (First, Second), Downstream.Failure == Failure {
    private let lock = NSLock()
    private let delivery = NSRecursiveLock()
    private let downstream: Downstream
    private var first: First?
    private var second: Second?
    private var upstreams: [any Subscription] = []
    private var demand = Subscribers.Demand.none
    private var finished = 0
    private var isDone = false

    init(_ downstream: Downstream) {
        self.downstream = downstream
    }

    func firstSide() -> SideSubscriber<First, Failure> {
        side { link, value in link.first = value }
    }

    func secondSide() -> SideSubscriber<Second, Failure> {
        side { link, value in link.second = value }
    }

    func request(_ demand: Subscribers.Demand) {
        let upstreams = lock.withLock {
            self.demand += demand
            return self.upstreams
        }
        for upstream in upstreams { upstream.request(demand) }
    }

    func cancel() {
        for upstream in takeUpstreams() { upstream.cancel() }
    }

    /// A subscriber of one publisher, whose value `keep` stores under the lock.
    private func side<Input>(_ keep: @escaping (CombineLatestLink, Input) -> Void) -> SideSubscriber<Input, Failure> {
        SideSubscriber { [weak self] _, subscription in
            self?.attach(subscription)
        } onValue: { [weak self] value in
            self?.receive { keep($0, value) } ?? .none
        } onCompletion: { [weak self] _, completion in
            self?.ended(completion)
        }
    }

    private func attach(_ subscription: any Subscription) {
        let demand: Subscribers.Demand? = lock.withLock {
            guard !isDone else { return nil }
            upstreams.append(subscription)
            return self.demand
        }
        guard let demand else { return subscription.cancel() }
        if demand > 0 { subscription.request(demand) }
    }

    private func receive(_ keep: (CombineLatestLink) -> Void) -> Subscribers.Demand {
        delivery.lock()
        defer { delivery.unlock() }
        let pair: (First, Second)? = lock.withLock {
            guard !isDone else { return nil }
            keep(self)
            guard let first, let second else { return nil }
            return (first, second)
        }
        guard let pair else { return .none }
        let more = downstream.receive(pair)
        if more > 0 { request(more) }
        return .none
    }

    private func ended(_ completion: Subscribers.Completion<Failure>) {
        delivery.lock()
        defer { delivery.unlock() }
        let ends = lock.withLock {
            guard !isDone else { return false }
            if case .finished = completion {
                finished += 1
                return finished == 2
            }
            return true
        }
        guard ends else { return }
        for upstream in takeUpstreams() { upstream.cancel() }
        downstream.receive(completion: completion)
    }

    private func takeUpstreams() -> [any Subscription] {
        lock.withLock {
            isDone = true
            defer { upstreams = [] }
            return upstreams
        }
    }
}
