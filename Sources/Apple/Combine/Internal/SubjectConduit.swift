/// One subscriber of a subject (``SubjectCore``) and the subscription it is given: its demand, and the value
/// kept for its next request.
// @unchecked Sendable: the downstream, demand and pending value are read and changed under the lock only.
final class SubjectConduit<Output, Failure: Error>: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private weak var core: SubjectCore<Output, Failure>?
    private var downstream: AnySubscriber<Output, Failure>?
    private var demand = Subscribers.Demand.none
    private var pending: Output?

    init(core: SubjectCore<Output, Failure>, downstream: AnySubscriber<Output, Failure>, pending: Output?) {
        self.core = core
        self.downstream = downstream
        self.pending = pending
    }

    func request(_ demand: Subscribers.Demand) {
        guard let core else { return }
        core.delivering {
            let value: (Output, AnySubscriber<Output, Failure>)? = lock.withLock {
                self.demand += demand
                guard let downstream, let pending, self.demand > 0 else { return nil }
                self.demand -= 1
                self.pending = nil
                return (pending, downstream)
            }
            if let (value, downstream) = value { deliver(value, to: downstream) }
        }
    }

    /// A value the subject sends: delivered if there is demand, else kept when `buffering` (the latest wins).
    func offer(_ value: Output, buffering: Bool) {
        if let downstream = claim(keeping: buffering ? value : nil) { deliver(value, to: downstream) }
    }

    /// The downstream if it has demand (taking one), else nil, keeping `value` if there is one.
    private func claim(keeping value: Output?) -> AnySubscriber<Output, Failure>? {
        lock.lock()
        defer { lock.unlock() }
        guard let downstream else { return nil }
        if demand > 0 {
            demand -= 1
            return downstream
        }
        if let value { pending = value }
        return nil
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        let downstream = lock.withLock {
            defer { self.downstream = nil; pending = nil }
            return self.downstream
        }
        downstream?.receive(completion: completion)
    }

    func cancel() {
        lock.withLock {
            downstream = nil
            pending = nil
        }
        core?.remove(self)
    }

    private func deliver(_ value: Output, to downstream: AnySubscriber<Output, Failure>) {
        let more = downstream.receive(value)
        lock.withLock { demand += more }
    }
}
