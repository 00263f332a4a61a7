/// What every subject shares (``PassthroughSubject``, ``CurrentValueSubject``, ``ObservableObjectPublisher``,
/// `@Published`): its subscribers, each with its demand, and its completion, after which it sends nothing and
/// a new subscriber receives the completion at once. Sends are delivered one at a time (a recursive lock, so
/// that a subscriber may send again from within its closure); the state is behind a second lock, never held
/// while a subscriber runs.
// @unchecked Sendable: the conduits and the completion are read and changed under `lock` only.
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private let delivery = NSRecursiveLock()
    private var conduits: [SubjectConduit<Output, Failure>] = []
    private var completion: Subscribers.Completion<Failure>?
    private var upstreams: [any Subscription] = []
    /// Whether a subscriber without demand keeps the latest value for its next request (a current-value
    /// subject) or misses it (a passthrough subject).
    private let buffersLatest: Bool

    init(buffersLatest: Bool) {
        self.buffersLatest = buffersLatest
    }

    /// Attaches `subscriber`; `current` is delivered on its first demand.
    func attach<S: Subscriber>(_ subscriber: S, current: Output?) where S.Input == Output, S.Failure == Failure {
        let conduit = SubjectConduit(core: self, downstream: AnySubscriber(subscriber), pending: current)
        let completion: Subscribers.Completion<Failure>? = lock.withLock {
            if self.completion == nil { conduits.append(conduit) }
            return self.completion
        }
        if let completion {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        subscriber.receive(subscription: conduit)
    }

    /// Whether it has not completed.
    var isOpen: Bool { lock.withLock { completion == nil } }

    /// Sends `value` to every subscriber (none once completed).
    func send(_ value: Output) {
        delivering {
            let conduits = lock.withLock { completion == nil ? self.conduits : [] }
            for conduit in conduits { conduit.offer(value, buffering: buffersLatest) }
        }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        delivering {
            let ended: [SubjectConduit<Output, Failure>]? = lock.withLock {
                guard self.completion == nil else { return nil }
                self.completion = completion
                upstreams = []
                defer { conduits = [] }
                return conduits
            }
            for conduit in ended ?? [] { conduit.finish(completion) }
        }
    }

    /// Keeps `subscription` (a publisher the subject is subscribed to) and asks it for unlimited values.
    func send(subscription: any Subscription) {
        let open = lock.withLock {
            if completion == nil { upstreams.append(subscription) }
            return completion == nil
        }
        if open { subscription.request(.unlimited) } else { subscription.cancel() }
    }

    func remove(_ conduit: SubjectConduit<Output, Failure>) {
        lock.withLock { conduits.removeAll { $0 === conduit } }
    }

    func delivering<T>(_ body: () -> T) -> T {
        delivery.lock()
        defer { delivery.unlock() }
        return body()
    }
}
