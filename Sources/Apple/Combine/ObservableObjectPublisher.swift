/// The publisher an ``ObservableObject`` sends on before each of its `@Published` properties changes.
// @unchecked Sendable: its subscribers are SubjectCore's, behind its locks.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never

    private let core = SubjectCore<Void, Never>(buffersLatest: false)

    /// A publisher with no subscribers.
    public init() {}

    /// Tells the subscribers the object is about to change.
    public func send() { core.send(()) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        core.attach(subscriber, current: nil)
    }
}
