extension Subscribers {
    /// A subscriber that asks for unlimited values on subscribing and hands each value and the completion to
    /// its closures, until the completion or ``cancel()``.
    // @unchecked Sendable: the subscription is set and taken under the lock; the closures are called by the
    // publisher one at a time, as the Subscriber protocol says.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
        /// The closure each value is handed to.
        public let receiveValue: (Input) -> Void
        /// The closure the completion is handed to.
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private let lock = NSLock()
        private var subscription: (any Subscription)?
        private var isDone = false

        /// A sink of the two closures.
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public var description: String { "Sink" }

        public func receive(subscription: any Subscription) {
            let accepted = lock.withLock {
                guard self.subscription == nil, !isDone else { return false }
                self.subscription = subscription
                return true
            }
            guard accepted else { return subscription.cancel() }
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            guard lock.withLock({ !isDone }) else { return .none }
            receiveValue(input)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            let first = lock.withLock {
                defer { isDone = true; subscription = nil }
                return !isDone
            }
            if first { receiveCompletion(completion) }
        }

        public func cancel() {
            let subscription = lock.withLock {
                defer { isDone = true; self.subscription = nil }
                return self.subscription
            }
            subscription?.cancel()
        }
    }
}

extension Publisher {
    /// Subscribes a ``Subscribers/Sink``: unlimited demand, each value to `receiveValue`, the completion to
    /// `receiveCompletion`; the stream ends when the returned cancellable is cancelled or released.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes a ``Subscribers/Sink`` that hands each value to `receiveValue`.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
