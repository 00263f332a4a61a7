/// gpsd could not be reached when a live run started: nothing to follow, with what to do about it.
///
/// Once connected, losing gpsd is not an error of this kind: ``GPSDSource`` reports it in the stream and
/// reconnects.
public struct GPSDConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The host that was tried.
    public var host: String
    /// The port that was tried.
    public var port: String
    /// The failed call.
    public var underlying: GPSDError

    public init(host: String, port: String, underlying: GPSDError) {
        self.host = host
        self.port = port
        self.underlying = underlying
    }

    public var description: String {
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
