extension TaskScheduler {
    /// Why a submission was refused, as Apple's `BGTaskScheduler.Error` with its `Code`.
    ///
    /// Errors compare equal when their codes are equal, so a test can write
    /// `#expect(throws: TaskScheduler.Error(.notPermitted)) { try scheduler.submit(request) }`.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// Apple's codes, with Apple's raw values.
        public enum Code: Int, Hashable, Sendable, CaseIterable {
            /// Background App Refresh is off (or the app may not run in the background at all).
            case unavailable = 1
            /// Too many requests of this kind are pending: 1 refresh, 10 processing.
            case tooManyPendingTaskRequests = 2
            /// The identifier is not permitted, or the background mode its kind needs is missing.
            case notPermitted = 3
            /// A continued processing request with the `fail` strategy could not run at once.
            case immediateRunIneligible = 4

            /// The name used in the event stream (`task.rejected`'s `error`).
            public var name: String {
                switch self {
                case .unavailable: "unavailable"
                case .tooManyPendingTaskRequests: "tooManyPendingTaskRequests"
                case .notPermitted: "notPermitted"
                case .immediateRunIneligible: "immediateRunIneligible"
                }
            }
        }

        public var code: Code
        /// What exactly was wrong, as a sentence fragment ("… is not a permitted identifier").
        public var reason: String

        public init(_ code: Code, reason: String = "") {
            self.code = code
            self.reason = reason
        }

        public var description: String {
            reason.isEmpty ? "submission rejected: \(code.name)" : "submission rejected (\(code.name)): \(reason)"
        }

        public static func == (lhs: Error, rhs: Error) -> Bool { lhs.code == rhs.code }
        public func hash(into hasher: inout Hasher) { hasher.combine(code) }
    }
}
