import Glibc

/// A failed call on the connection to gpsd: which function failed and why, modelled on swift-system's `Errno`.
///
/// The code is a negative code from connecting (libgps's `NL_` codes, with its words), a system errno, or
/// ``Code/connectionClosed`` when gpsd closed the connection. Two errors are equal when their codes are, so
/// callers can match a case:
///
/// ```swift
/// do { try connection.read() }
/// catch GPSDError.connectionClosed { reconnect() }
/// ```
package struct GPSDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An error code: libgps's negative `NL_` codes for connecting (the same numbers and words, so that
    /// messages read as those of gpsd's own clients), else an errno.
    package struct Code: RawRepresentable, Hashable, Sendable {
        package var rawValue: CInt

        package init(rawValue: CInt) {
            self.rawValue = rawValue
        }

        /// gpsd closed the connection (`recv` returned 0).
        package static let connectionClosed = Code(rawValue: 0)
        /// Nothing listens at the host and port (`NL_NOCONNECT`): gpsd is not running there.
        package static let cannotConnect = Code(rawValue: -6)
        /// The host name did not resolve (`NL_NOHOST`).
        package static let unknownHost = Code(rawValue: -2)
        /// The port is not a number or a known service (`NL_NOSERVICE`).
        package static let unknownService = Code(rawValue: -1)
        /// No socket could be created (`NL_NOSOCK`).
        package static let cannotCreateSocket = Code(rawValue: -4)
        /// The connection was reset (`ECONNRESET`).
        package static let connectionReset = Code(rawValue: ECONNRESET)
        /// gpsd sent a report longer than the connection's buffer (`EMSGSIZE`, 8 KiB, libgps's size):
        /// the connection is given up, as libgps, which cannot read past such a line, would.
        package static let reportTooLong = Code(rawValue: EMSGSIZE)
        /// A call was interrupted by a signal (`EINTR`); the wrappers retry it.
        package static let interrupted = Code(rawValue: EINTR)
    }

    /// Why the call failed.
    package var code: Code
    /// The function that failed: `connect`, `send` or `recv`.
    package var function: String

    package init(code: Code, function: String) {
        self.code = code
        self.function = function
    }

    /// The reason in words: libgps's `gps_errstr` text for the connecting codes, `strerror`'s for system errors.
    package var reason: String {
        switch code.rawValue {
        case 0: "connection closed by gpsd"
        case EMSGSIZE: "gpsd sent a report longer than 8 KiB"
        case Code.unknownService.rawValue: "can't get service entry"
        case Code.unknownHost.rawValue: "can't get host entry"
        case Code.cannotCreateSocket.rawValue: "can't create socket"
        case Code.cannotConnect.rawValue: "can't connect to host/port pair"
        case ..<0: "unknown error \(code.rawValue)"
        default: String(cString: strerror(code.rawValue))
        }
    }

    /// "recv failed: connection closed by gpsd".
    package var description: String { "\(function) failed: \(reason)" }

    package static func == (lhs: GPSDError, rhs: GPSDError) -> Bool { lhs.code == rhs.code }

    package func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// gpsd closed the connection.
    package static var connectionClosed: GPSDError { GPSDError(code: .connectionClosed, function: "recv") }
    /// Nothing listens at the host and port.
    package static var cannotConnect: GPSDError { GPSDError(code: .cannotConnect, function: "connect") }
    /// The host name did not resolve.
    package static var unknownHost: GPSDError { GPSDError(code: .unknownHost, function: "connect") }

    /// Matches an error of any type against a case, for `catch GPSDError.connectionClosed`.
    package static func ~= (pattern: GPSDError, error: any Error) -> Bool {
        (error as? GPSDError)?.code == pattern.code
    }
}
