/// An error of the location services, as Apple's `CLError` (domain `kCLErrorDomain`).
public struct CLError: CustomNSError, Hashable, Sendable {
    /// Apple's codes that the emulated device reports, with Apple's raw values.
    public enum Code: Int, Hashable, Sendable {
        case locationUnknown = 0
        case denied = 1
        case network = 2
        case regionMonitoringDenied = 4
        case regionMonitoringFailure = 5
        case regionMonitoringSetupDelayed = 6
    }

    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }

    public static let errorDomain = "kCLErrorDomain"
    public var errorCode: Int { code.rawValue }

    public static var locationUnknown: Code { .locationUnknown }
    public static var denied: Code { .denied }
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }
}

extension CLError.Code {
    /// `catch CLError.denied`.
    public static func ~= (code: CLError.Code, error: any Error) -> Bool {
        (error as? CLError)?.code == code
    }
}
