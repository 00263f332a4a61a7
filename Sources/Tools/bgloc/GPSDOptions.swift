import ArgumentParser
import CommandLineSupport
import GPSDLocation

/// The options `live` and `record` share: where gpsd is and when to stop.
struct GPSDOptions: ParsableArguments {
    @Option(name: .customLong("gpsd"), help: ArgumentHelp("The gpsd to follow.", valueName: "host:port"))
    var address = GPSDAddress(host: "localhost", port: "2947")

    @Option(help: ArgumentHelp(
        "Stop after this much wall-clock time: 10s, 2m, 1h (a bare number is seconds).", valueName: "duration"))
    var duration: DurationArgument?

    @Option(help: ArgumentHelp("Stop after this many fixes from gpsd.", valueName: "n"))
    var fixes: Int?

    func validate() throws {
        if let duration, duration.value <= .zero {
            throw ValidationError("--duration \(duration.defaultValueDescription): expected a duration greater than 0, such as 10s or 10m")
        }
        if let fixes, fixes < 1 {
            throw ValidationError("--fixes \(fixes): expected 1 or more")
        }
    }

    /// The source's configuration; `live` waits for a gpsd that is not up yet.
    func configuration(waiting: Bool = false) -> GPSDSource.Configuration {
        GPSDSource.Configuration(
            host: address.host, port: address.port, duration: duration?.value, fixes: fixes, waitsForGPSD: waiting
        )
    }
}

/// `--gpsd HOST:PORT`: `localhost:2947`, `192.168.1.20` (port 2947), `[::1]:2947`.
struct GPSDAddress: ExpressibleByArgument, Sendable {
    var host: String
    var port: String

    init(host: String, port: String) {
        self.host = host
        self.port = port
    }

    init?(argument: String) {
        var host = Substring(argument)
        var port: Substring = "2947"
        if host.hasPrefix("[") {
            // An IPv6 address in brackets, with an optional :PORT after them.
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                port = rest.dropFirst()
            }
        } else if let colon = host.lastIndex(of: ":") {
            guard host.firstIndex(of: ":") == colon else { return nil }  // a bare IPv6 address needs brackets
            port = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty, let number = Int(port), (1...65535).contains(number) else { return nil }
        self.init(host: String(host), port: String(number))
    }

    var defaultValueDescription: String { "\(host):\(port)" }
}
