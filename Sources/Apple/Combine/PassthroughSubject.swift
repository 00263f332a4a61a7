/// A subject that sends each value to the subscribers that have demand for it when it is sent (others miss
/// it), and nothing after its completion. It may be sent to from any thread.
// @unchecked Sendable: its state is SubjectCore's, behind its locks.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let core = SubjectCore<Output, Failure>(buffersLatest: false)

    /// A subject with no subscribers.
    public init() {}

    public func send(_ value: Output) { core.send(value) }
    public func send(completion: Subscribers.Completion<Failure>) { core.send(completion: completion) }
    public func send(subscription: any Subscription) { core.send(subscription: subscription) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber, current: nil)
    }
}
