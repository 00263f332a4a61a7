extension LocationMonitor {
    /// A condition and its last event, as `CLMonitor.Record`.
    public struct Record: Hashable, Sendable {
        public init(condition: CircularGeographicCondition, lastEvent: Event) {
            self.condition = condition
            self.lastEvent = lastEvent
        }

        /// The circle watched.
        public var condition: CircularGeographicCondition
        /// The condition's latest state: as added (unknown or assumed), then as the rules decided.
        public var lastEvent: Event
    }
}
