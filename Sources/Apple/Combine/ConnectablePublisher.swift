/// A publisher that starts only when told: ``connect()`` (or on its first subscriber, ``autoconnect()``).
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts publishing; cancelling the result stops.
    func connect() -> any Cancellable
}

extension ConnectablePublisher {
    /// This publisher, connected when its first subscriber comes and disconnected when the last leaves.
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(self)
    }
}
