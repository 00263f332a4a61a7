/// The subscription of ``Publishers/Sequence``: it sends elements while there is demand (a request made from
/// within the subscriber adds to it), and finished after the last.
// @unchecked Sendable: the iterator, the demand and the flags are read and changed under the lock.
final class SequenceSubscription<Iterator: IteratorProtocol, Failure: Error>: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var downstream: AnySubscriber<Iterator.Element, Failure>?
    private var iterator: Iterator
    private var demand = Subscribers.Demand.none
    private var isSending = false

    init(_ downstream: AnySubscriber<Iterator.Element, Failure>, _ iterator: Iterator) {
        self.downstream = downstream
        self.iterator = iterator
    }

    func request(_ demand: Subscribers.Demand) {
        let starts = lock.withLock {
            self.demand += demand
            defer { isSending = true }
            return !isSending
        }
        guard starts else { return }
        while let (downstream, next) = nextToSend() {
            guard let next else { return downstream.receive(completion: .finished) }
            let more = downstream.receive(next)
            lock.withLock { self.demand += more }
        }
    }

    func cancel() {
        lock.withLock { downstream = nil }
    }

    /// The subscriber and the next element (nil after the last) while there is demand; nil when it stops.
    private func nextToSend() -> (AnySubscriber<Iterator.Element, Failure>, Iterator.Element?)? {
        lock.lock()
        defer { lock.unlock() }
        guard let downstream, demand > 0 else {
            isSending = false
            return nil
        }
        guard let next = iterator.next() else {
            self.downstream = nil
            return (downstream, nil)
        }
        demand -= 1
        return (downstream, next)
    }
}
