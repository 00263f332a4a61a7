/// Why the location manager could not do what was asked, as `CLError`.
///
/// Region monitoring failures reach the app through
/// ``LocationManagerDelegate/locationManager(_:monitoringDidFailFor:withError:)`` and the event stream
/// (as an `error` event with code `regionMonitoringFailure`); they are never thrown, as on iOS.
/// Errors compare by ``code`` only.
public struct LocationManagerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// The region could not be monitored (`CLError.Code.regionMonitoringFailure`): the per-app limit
        /// is reached, or the region's radius or centre is invalid.
        case regionMonitoringFailure
        /// The location source reported a problem (`CLError.Code.locationUnknown` and friends).
        case sourceProblem
    }

    public var code: Code
    /// A sentence saying what went wrong and what to do about it.
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    public static func == (lhs: LocationManagerError, rhs: LocationManagerError) -> Bool { lhs.code == rhs.code }

    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
