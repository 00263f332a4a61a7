import BackgroundScheduler

extension BGTaskScheduler {
    /// Why a submission was refused, as Apple's `BGTaskScheduler.Error` (domain `BGTaskSchedulerErrorDomain`):
    /// `catch BGTaskScheduler.Error.notPermitted` and `error.code == .unavailable` both work.
    public struct Error: CustomNSError, Hashable, Sendable {
        /// Apple's codes, with Apple's raw values.
        public enum Code: Int, Hashable, Sendable {
            /// Background App Refresh is off, or the app may not run in the background (always in Simulator).
            case unavailable = 1
            /// Too many requests of this kind are pending.
            case tooManyPendingTaskRequests = 2
            /// The identifier is not permitted, or the background mode its kind needs is missing.
            case notPermitted = 3
            /// A continued processing request with the `fail` strategy could not start at once.
            case immediateRunIneligible = 4
        }

        /// The error's code.
        public let code: Code

        public init(_ code: Code) {
            self.code = code
        }

        /// The error the device's scheduler rejected a submission with, by its code (Apple's raw values).
        init(_ error: TaskScheduler.Error) {
            self.init(Code(rawValue: error.code.rawValue) ?? .unavailable)
        }

        public static let errorDomain = "BGTaskSchedulerErrorDomain"
        public var errorCode: Int { code.rawValue }

        public static var unavailable: Code { .unavailable }
        public static var tooManyPendingTaskRequests: Code { .tooManyPendingTaskRequests }
        public static var notPermitted: Code { .notPermitted }
        public static var immediateRunIneligible: Code { .immediateRunIneligible }
    }
}

extension BGTaskScheduler.Error.Code {
    /// `catch BGTaskScheduler.Error.notPermitted`.
    public static func ~= (code: BGTaskScheduler.Error.Code, error: any Swift.Error) -> Bool {
        (error as? BGTaskScheduler.Error)?.code == code
    }
}
