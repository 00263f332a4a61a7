/// A subject with a current value: a new subscriber receives it on its first demand, and each value sent
/// becomes the current one (a subscriber without demand keeps the latest for its next request). Nothing is
/// sent after its completion. It may be sent to from any thread.
// @unchecked Sendable: the value is behind the lock, the subscribers behind SubjectCore's.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let core = SubjectCore<Output, Failure>(buffersLatest: true)
    private let lock = NSLock()
    private var current: Output

    /// A subject whose current value is `value`.
    public init(_ value: Output) {
        current = value
    }

    /// The current value; setting it sends it (once completed, neither).
    public var value: Output {
        get { lock.withLock { current } }
        set { send(newValue) }
    }

    public func send(_ value: Output) {
        core.delivering {
            // As Apple's: the value is current before the subscribers receive it (unlike `@Published`'s).
            guard core.isOpen else { return }
            lock.withLock { current = value }
            core.send(value)
        }
    }

    public func send(completion: Subscribers.Completion<Failure>) { core.send(completion: completion) }
    public func send(subscription: any Subscription) { core.send(subscription: subscription) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.delivering { core.attach(subscriber, current: value) }
    }
}
