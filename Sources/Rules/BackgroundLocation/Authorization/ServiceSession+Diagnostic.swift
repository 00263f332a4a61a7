extension ServiceSession {
    /// What stands between a ``ServiceSession`` and its goal, as `CLServiceSession.Diagnostic`; all false
    /// when nothing does.
    public struct Diagnostic: Hashable, Sendable {
        /// Location is denied to the app.
        public var authorizationDenied = false
        /// The session asks for always, and the app has when-in-use.
        public var alwaysAuthorizationDenied = false
        /// The session asks for full accuracy, and the app has reduced accuracy.
        public var fullAccuracyDenied = false
        /// A when-in-use app that is not in use.
        public var insufficientlyInUse = false

        public init() {}
    }
}
