extension CLMonitor {
    /// A change of a condition's state, as Apple's `CLMonitor.Event`, with iOS 18's diagnostics.
    public struct Event: Sendable {
        public typealias State = CLMonitoringState

        /// The condition's identifier.
        public let identifier: String
        /// The condition's state from this event on.
        public let state: State
        /// When it changed, on the device's clock.
        public let date: Date
        /// A finer condition that caused the event (beacons only; nil on the emulated device).
        public let refinement: (any CLCondition)? = nil
        public let authorizationDenied: Bool
        public let authorizationDeniedGlobally = false
        public let authorizationRestricted = false
        public let authorizationRequestInProgress = false
        public let insufficientlyInUse: Bool
        public let accuracyLimited: Bool
        public let conditionUnsupported: Bool
        public let conditionLimitExceeded: Bool
        public let persistenceUnavailable: Bool
        public let serviceSessionRequired: Bool

        init(
            identifier: String, state: State, date: Date, authorizationDenied: Bool, insufficientlyInUse: Bool,
            accuracyLimited: Bool, conditionUnsupported: Bool, conditionLimitExceeded: Bool,
            persistenceUnavailable: Bool, serviceSessionRequired: Bool
        ) {
            self.identifier = identifier
            self.state = state
            self.date = date
            self.authorizationDenied = authorizationDenied
            self.insufficientlyInUse = insufficientlyInUse
            self.accuracyLimited = accuracyLimited
            self.conditionUnsupported = conditionUnsupported
            self.conditionLimitExceeded = conditionLimitExceeded
            self.persistenceUnavailable = persistenceUnavailable
            self.serviceSessionRequired = serviceSessionRequired
        }
    }
}
