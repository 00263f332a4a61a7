extension CLServiceSession {
    /// What stands in the way of a session's goal, as Apple's `CLServiceSession.Diagnostic`.
    public struct Diagnostic: Sendable {
        public let authorizationDenied: Bool
        public let authorizationDeniedGlobally = false
        public let authorizationRestricted = false
        public let authorizationRequestInProgress = false
        public let alwaysAuthorizationDenied: Bool
        public let fullAccuracyDenied: Bool
        public let insufficientlyInUse: Bool
        public let serviceSessionRequired = false
    }

    /// The session's diagnostics, as Apple's `CLServiceSession.Diagnostics`.
    public typealias Diagnostics = CLEmulatedSequence<Diagnostic>
}
