/// The subscriber that feeds a subject from a publisher (``Publisher/subscribe(_:)-subject``).
// @unchecked Sendable: the upstream subscription is set and taken under the lock.
final class SubjectSubscriber<S: Subject>: Subscriber, Cancellable, @unchecked Sendable {
    private let lock = NSLock()
    private weak var subject: S?
    private var upstream: (any Subscription)?

    init(_ subject: S) {
        self.subject = subject
    }

    func receive(subscription: any Subscription) {
        lock.withLock { upstream = subscription }
        subject?.send(subscription: subscription)
    }

    func receive(_ input: S.Output) -> Subscribers.Demand {
        subject?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<S.Failure>) {
        lock.withLock { upstream = nil }
        subject?.send(completion: completion)
    }

    func cancel() {
        let upstream = lock.withLock {
            defer { self.upstream = nil }
            return self.upstream
        }
        upstream?.cancel()
    }
}
