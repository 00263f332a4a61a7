/// An error of the location services, as Apple's `CLError` (domain `kCLErrorDomain`).
public struct CLError: CustomNSError, Hashable, Sendable {
    /// Every code Apple's `CLError.Code` lists, with Apple's raw values (the emulated device reports
    /// `locationUnknown`, `denied`, `network` and the region-monitoring ones; the others are there for the app's
    /// `switch` and `catch`).
    public enum Code: Int, Hashable, Sendable {
        case locationUnknown = 0
        case denied = 1
        case network = 2
        case headingFailure = 3
        case regionMonitoringDenied = 4
        case regionMonitoringFailure = 5
        case regionMonitoringSetupDelayed = 6
        case regionMonitoringResponseDelayed = 7
        case geocodeFoundNoResult = 8
        case geocodeFoundPartialResult = 9
        case geocodeCanceled = 10
        case deferredFailed = 11
        case deferredNotUpdatingLocation = 12
        case deferredAccuracyTooLow = 13
        case deferredDistanceFiltered = 14
        case deferredCanceled = 15
        case rangingUnavailable = 16
        case rangingFailure = 17
        case promptDeclined = 18
        case historicalLocationError = 19
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
