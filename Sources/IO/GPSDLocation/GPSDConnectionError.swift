/// gpsd could not be reached when a live run started: nothing to follow, with what to do about it.
///
/// Once connected, losing gpsd is not an error of this kind: ``GPSDSource`` reports it in the stream and
/// reconnects.
package struct GPSDConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The host that was tried.
    package var host: String
    /// The port that was tried.
    package var port: String
    /// The failed call.
    package var underlying: GPSDError

    package init(host: String, port: String, underlying: GPSDError) {
        self.host = host
        self.port = port
        self.underlying = underlying
    }

    package var description: String {
        var text = "cannot connect to gpsd at \(Self.address(host: host, port: port)) (\(underlying.reason))."
        switch underlying.code {
        case .unknownHost, .unknownService:
            text += " Check the address given with --gpsd HOST:PORT."
        default:
            text += " Is gpsd running? Start it with `gpsd -N -n /dev/ttyUSB0` (your receiver's device;"
                + " add -S PORT for another port), or test without a receiver with `gpsfake -P \(port) LOG.nmea`."
        }
        return text
    }

    /// "localhost:2947", "[::1]:2947".
    static func address(host: String, port: String) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
