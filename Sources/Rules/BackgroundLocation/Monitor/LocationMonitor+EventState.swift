extension LocationMonitor.Event {
    /// A condition's state, as `CLMonitor.Event.State`.
    public enum State: String, Hashable, Sendable {
        /// Not yet determined: a condition just added without an assumed state.
        case unknown
        /// The device is inside the condition's circle.
        case satisfied
        /// The device is outside it.
        case unsatisfied
        /// The system does not watch the condition (see the event's diagnostics for why).
        case unmonitored
    }
}
