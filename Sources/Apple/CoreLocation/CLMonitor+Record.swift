extension CLMonitor {
    /// A condition and its last event, as Apple's `CLMonitor.Record`.
    public struct Record: Sendable {
        public let condition: any CLCondition
        public let lastEvent: CLMonitor.Event
    }
}
