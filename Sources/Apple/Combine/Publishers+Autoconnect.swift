extension Publishers {
    /// A connectable publisher connected on its first subscriber and disconnected when its last subscriber
    /// cancels.
    // @unchecked Sendable: the count and the connection are read and changed under the lock.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher connected.
        public final let upstream: Upstream
        private let lock = NSLock()
        private var subscribers = 0
        private var connection: (any Cancellable)?

        /// `upstream`, connected by its subscribers.
        public init(_ upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let relay = Relay<Output, Failure, S>(subscriber)
            relay.onCancel = { [weak self] in self?.left() }
            upstream.subscribe(relay)
            let first = lock.withLock {
                subscribers += 1
                return subscribers == 1
            }
            if first {
                let connection = upstream.connect()
                lock.withLock { self.connection = connection }
            }
        }

        private func left() {
            lock.withLock { () -> (any Cancellable)? in
                subscribers -= 1
                guard subscribers == 0 else { return nil }
                defer { connection = nil }
                return connection
            }?.cancel()
        }
    }
}
