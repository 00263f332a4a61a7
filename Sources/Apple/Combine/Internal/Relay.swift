/// An operator's link between its upstream and its subscriber: the subscriber's subscription, and the
/// upstream's subscriber. Each value and the completion go to the operator's closures (which reach the
/// subscriber through ``downstream``); requests go upstream (through ``upstreamDemand``), and a cancel or
/// ``finish(_:)`` cancels the upstream, after which nothing more is handed on.
// @unchecked Sendable: the upstream and the flags are set and read under the lock; the hooks are set before
// the relay is subscribed; the closures are called by the upstream one at a time, as the Subscriber protocol
// says.
final class Relay<Input, Failure: Error, Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable {
    let downstream: Downstream
    private let lock = NSLock()
    private var upstream: (any Subscription)?
    private var isDone = false
    private var cancelled = false
    private let onValue: (Relay, Input) -> Subscribers.Demand
    private let onCompletion: (Relay, Subscribers.Completion<Failure>) -> Void
    private let upstreamDemand: (Subscribers.Demand) -> Subscribers.Demand
    /// What `handleEvents` and `autoconnect()` watch.
    var onSubscription: ((any Subscription) -> Void)?
    var onRequest: ((Subscribers.Demand) -> Void)?
    var onCancel: (() -> Void)?

    init(
        _ downstream: Downstream,
        upstreamDemand: @escaping (Subscribers.Demand) -> Subscribers.Demand = { $0 },
        onValue: @escaping (Relay, Input) -> Subscribers.Demand,
        onCompletion: @escaping (Relay, Subscribers.Completion<Failure>) -> Void
    ) {
        self.downstream = downstream
        self.upstreamDemand = upstreamDemand
        self.onValue = onValue
        self.onCompletion = onCompletion
    }

    /// Whether the subscriber cancelled (work scheduled before then is not delivered).
    var isCancelled: Bool { lock.withLock { cancelled } }

    func receive(subscription: any Subscription) {
        let accepted = lock.withLock {
            guard upstream == nil, !isDone else { return false }
            upstream = subscription
            return true
        }
        guard accepted else { return subscription.cancel() }
        onSubscription?(subscription)
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard lock.withLock({ !isDone }) else { return .none }
        return onValue(self, input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let first = lock.withLock {
            defer { isDone = true; upstream = nil }
            return !isDone
        }
        if first { onCompletion(self, completion) }
    }

    func request(_ demand: Subscribers.Demand) {
        onRequest?(demand)
        lock.withLock { upstream }?.request(upstreamDemand(demand))
    }

    func cancel() {
        onCancel?()
        lock.withLock { cancelled = true }
        end()
    }

    /// Ends the stream early: cancels the upstream and hands `completion` to the subscriber.
    func finish(_ completion: Subscribers.Completion<Downstream.Failure>) {
        guard end() else { return }
        downstream.receive(completion: completion)
    }

    /// Cancels the upstream; returns whether the stream was still going.
    @discardableResult
    private func end() -> Bool {
        let (upstream, wasGoing) = lock.withLock {
            defer { isDone = true; self.upstream = nil }
            return (self.upstream, !isDone)
        }
        upstream?.cancel()
        return wasGoing
    }
}

extension Relay where Downstream.Input == Input, Downstream.Failure == Failure {
    /// A relay that hands values on as `onValue` says and the completion unchanged.
    convenience init(
        _ downstream: Downstream,
        upstreamDemand: @escaping (Subscribers.Demand) -> Subscribers.Demand = { $0 },
        onValue: @escaping (Relay, Input) -> Subscribers.Demand = { $0.downstream.receive($1) }
    ) {
        self.init(downstream, upstreamDemand: upstreamDemand, onValue: onValue) { $0.downstream.receive(completion: $1) }
    }
}

extension Relay where Downstream.Failure == Failure {
    /// A relay that hands values on as `onValue` says and the completion unchanged.
    convenience init(_ downstream: Downstream, onValue: @escaping (Relay, Input) -> Subscribers.Demand) {
        self.init(downstream, onValue: onValue) { $0.downstream.receive(completion: $1) }
    }
}
