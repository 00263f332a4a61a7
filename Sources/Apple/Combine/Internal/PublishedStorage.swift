/// A `@Published` property's value and its subscribers: a change sends the object's `objectWillChange`, then
/// the new value to the property's subscribers, and only then becomes the value (Apple's willSet order).
// @unchecked Sendable: the value and the assignment are behind the lock, the subscribers behind SubjectCore's.
final class PublishedStorage<Value>: PublishedObservation, @unchecked Sendable {
    private let core = SubjectCore<Value, Never>(buffersLatest: true)
    private let lock = NSLock()
    private var current: Value
    /// The subscription of `assign(to:)`, which ends with the property.
    private var assignment: AnyCancellable?

    init(_ value: Value) {
        current = value
    }

    var value: Value { lock.withLock { current } }

    func set(_ newValue: Value) {
        core.delivering {
            objectWillChange?.send()
            core.send(newValue)
            lock.withLock { current = newValue }
        }
    }

    /// Keeps the subscription of `assign(to:)` (replacing an earlier one, which ends).
    func keep(_ assignment: AnyCancellable) {
        lock.withLock { self.assignment = assignment }
    }

    func attach<S: Subscriber>(_ subscriber: S) where S.Input == Value, S.Failure == Never {
        core.delivering { core.attach(subscriber, current: value) }
    }
}
