import CGPS
import Glibc

/// A failed libgps call: which function failed and why, modelled on swift-system's `Errno`.
///
/// The code is libgps's: a negative `NL_` code from connecting (`gps_errstr` explains it), a system errno,
/// or ``Code/connectionClosed`` when `gps_read` fails without one because gpsd closed the connection.
/// Two errors are equal when their codes are, so callers can match a case:
///
/// ```swift
/// do { try connection.read() }
/// catch GPSDError.connectionClosed { reconnect() }
/// ```
public struct GPSDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A libgps error code.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public var rawValue: CInt

        public init(rawValue: CInt) {
            self.rawValue = rawValue
        }

        /// gpsd closed the connection (`gps_read` returned -1 and left errno 0).
        public static let connectionClosed = Code(rawValue: 0)
        /// Nothing listens at the host and port (`NL_NOCONNECT`): gpsd is not running there.
        public static let cannotConnect = Code(rawValue: NL_NOCONNECT)
        /// The host name did not resolve (`NL_NOHOST`).
        public static let unknownHost = Code(rawValue: NL_NOHOST)
        /// The port is not a number or a known service (`NL_NOSERVICE`).
        public static let unknownService = Code(rawValue: NL_NOSERVICE)
        /// No socket could be created (`NL_NOSOCK`).
        public static let cannotCreateSocket = Code(rawValue: NL_NOSOCK)
        /// The connection was reset (`ECONNRESET`).
        public static let connectionReset = Code(rawValue: ECONNRESET)
        /// gpsd sent a report longer than libgps's buffer (`EMSGSIZE`): libgps cannot read past it, so the
        /// connection is of no further use.
        public static let reportTooLong = Code(rawValue: EMSGSIZE)
        /// A call was interrupted by a signal (`EINTR`); the wrappers retry it.
        public static let interrupted = Code(rawValue: EINTR)
    }

    /// Why the call failed.
    public var code: Code
    /// The libgps function that failed, such as `gps_read`.
    public var function: String

    public init(code: Code, function: String) {
        self.code = code
        self.function = function
    }

    /// The reason in words: `gps_errstr`'s text for libgps codes, `strerror`'s for system errors.
    public var reason: String {
        switch code.rawValue {
        case 0: "connection closed by gpsd"
        case EMSGSIZE: "gpsd sent a report longer than libgps can read (8 KiB)"
        case ..<0: gpsd_errstr(code.rawValue)
        default: String(cString: strerror(code.rawValue))
        }
    }

    /// "gps_read failed: connection closed by gpsd".
    public var description: String { "\(function) failed: \(reason)" }

    public static func == (lhs: GPSDError, rhs: GPSDError) -> Bool { lhs.code == rhs.code }

    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// gpsd closed the connection.
    public static var connectionClosed: GPSDError { GPSDError(code: .connectionClosed, function: "gps_read") }
    /// Nothing listens at the host and port.
    public static var cannotConnect: GPSDError { GPSDError(code: .cannotConnect, function: "gps_open") }
    /// The host name did not resolve.
    public static var unknownHost: GPSDError { GPSDError(code: .unknownHost, function: "gps_open") }

    /// Matches an error of any type against a case, for `catch GPSDError.connectionClosed`.
    public static func ~= (pattern: GPSDError, error: any Error) -> Bool {
        (error as? GPSDError)?.code == pattern.code
    }
}
