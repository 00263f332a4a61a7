public import BackgroundCore

extension LocationMonitor {
    /// A condition's new state, as `CLMonitor.Event`: the element of ``LocationMonitor/events`` and the
    /// last event of each ``Record``.
    ///
    /// The diagnostics are iOS 18's, where the emulator has the situation they describe; each is false
    /// otherwise.
    public struct Event: Hashable, Sendable {
        /// The condition's identifier.
        public var identifier: String
        public var state: State
        /// When the state was determined (the engine's time).
        public var date: SimTime
        /// The condition is past the per-type limit (``LocationManagerConfiguration/conditionLimit``) and
        /// is not watched (`conditionLimitExceeded`).
        public var conditionLimitExceeded = false
        /// The condition cannot be watched: a radius of 0 or less or above
        /// ``LocationManagerConfiguration/maximumRegionMonitoringDistance``, or a centre off the globe
        /// (`conditionUnsupported`).
        public var conditionUnsupported = false
        /// The monitor's store failed: conditions and events are not kept across relaunches
        /// (`persistenceUnavailable`).
        public var persistenceUnavailable = false
        /// A when-in-use app is not in use (neither in the foreground nor holding a
        /// ``BackgroundActivitySession``): the change is held until it is (`insufficientlyInUse`).
        public var insufficientlyInUse = false
        /// The app has reduced accuracy: geographic conditions are not watched (`accuracyLimited`).
        public var accuracyLimited = false
        /// The app's location authorization is denied (`authorizationDenied`).
        public var authorizationDenied = false
        /// The app requires explicit service sessions and holds no ``ServiceSession``
        /// (`serviceSessionRequired`).
        public var serviceSessionRequired = false

        public init(identifier: String, state: State, date: SimTime) {
            self.identifier = identifier
            self.state = state
            self.date = date
        }

        /// Sets the diagnostic that says why a change was withheld.
        mutating func mark(_ reason: LocationWithheld) {
            switch reason {
            case .authorizationDenied: authorizationDenied = true
            case .insufficientlyInUse, .alwaysAuthorizationRequired: insufficientlyInUse = true
            case .accuracyLimited: accuracyLimited = true
            case .serviceSessionRequired: serviceSessionRequired = true
            }
        }
    }
}
