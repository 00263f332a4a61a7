extension Subscribers {
    /// A subscriber that asks for unlimited values and writes each to a property of an object, which it keeps
    /// until the completion or ``cancel()``.
    // @unchecked Sendable: the object and the subscription are set and taken under the lock.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
        public typealias Failure = Never

        /// The object written to, until the stream ends.
        public var object: Root? { lock.withLock { root } }
        /// The property written.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private let lock = NSLock()
        private var root: Root?
        private var subscription: (any Subscription)?

        /// A subscriber writing to `keyPath` of `object`.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            root = object
            self.keyPath = keyPath
        }

        public var description: String { "Assign \(Root.self)." }

        public func receive(subscription: any Subscription) {
            let accepted = lock.withLock {
                guard self.subscription == nil, root != nil else { return false }
                self.subscription = subscription
                return true
            }
            guard accepted else { return subscription.cancel() }
            subscription.request(.unlimited)
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            lock.withLock { root }?[keyPath: keyPath] = value
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            lock.withLock {
                root = nil
                subscription = nil
            }
        }

        public func cancel() {
            let subscription = lock.withLock {
                defer { root = nil; self.subscription = nil }
                return self.subscription
            }
            subscription?.cancel()
        }
    }
}

extension Publisher where Failure == Never {
    /// Writes each value to `keyPath` of `object` (kept until the stream ends).
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
    }
}
