import ArgumentParser
import BackgroundCore
import BackgroundLocation
import CommandLineSupport
import GPSDLocation

/// `bgloc serve TRACE [--port P] [--speed N] [--loop]`: a trace served over gpsd's JSON protocol.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a GPX or NMEA trace over gpsd's JSON protocol on loopback, for any gpsd client.",
        discussion: """
            Listens on 127.0.0.1 only and speaks gpsd's protocol: VERSION on connect, DEVICES and WATCH \
            for ?WATCH={"enable":true,"json":true}, then a TPV (and a SKY when the trace has satellites or \
            HDOP) per fix; ?POLL;, ?VERSION; and ?DEVICES; are answered too. The trace starts playing when \
            the first client starts watching, at its own pace times --speed; several clients may watch. \
            Without --loop it ends after the last fix.

            Example:
              bgloc serve Traces/walk-through-region.nmea --port 2948 --speed 10 --loop &
              sleep 1                      # it listens within a second
              gpspipe -w -n 10 127.0.0.1:2948
              bgloc live --gpsd 127.0.0.1:2948 --fixes 10 \\
                  --regions Traces/walk-through-region.nmea.regions.geojson
            """
    )

    @Argument(help: "The trace: a GPX 1.0/1.1 file or an NMEA 0183 log (detected by content).")
    var trace: String

    @Option(help: "The loopback port to listen on; 0 picks a free one.")
    var port = 2947

    @Option(help: ArgumentHelp("Play the trace at this many times real time.", valueName: "factor"))
    var speed = 1.0

    @Flag(help: "Start again from the first fix after the last one, until stopped.")
    var loop = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): expected 0 to 65535") }
        // At least 0.001: slower, a trace's gaps divided by the factor overflow the clock's durations.
        guard speed.isFinite, speed >= 0.001 else { throw ValidationError("--speed \(speed): expected a factor of at least 0.001, such as 10") }
    }

    func run() async throws {
        let start = try TraceFeed.firstTime(trace)
        let feed = TraceFeed(trace: trace, start: start, speed: speed, loop: loop)
        // The port opens once Ctrl-C is handled: a client (or a test) that sees it listening can stop it cleanly.
        try await Interruption.run { [trace, port] in
            let server = try GPSDServer(port: port)
            server.start()
            defer { server.stop() }
            StandardOutput.writeError("bgloc serve: \(trace) on 127.0.0.1:\(server.port); waiting for a client to watch")
            try await server.waitForWatcher()
            try await feed.play(to: server)
        }
    }
}

/// The trace's fixes, paced on an engine and published to the server, once or in a loop.
private struct TraceFeed: Sendable {
    var trace: String
    var start: SimTime
    var speed: Double
    var loop: Bool

    /// The time of the trace's first fix (the default start when it has no times).
    ///
    /// - Throws: `InputError` when the file is unreadable or has no track points.
    static func firstTime(_ trace: String) throws -> SimTime {
        let reader = try TraceReader(path: trace)
        while let item = try reader.next() {
            if let fix = item.trackFix { return fix.time ?? .defaultStart }
        }
        throw InputError(file: trace, message: "the trace has no track points to serve")
    }

    func play(to server: GPSDServer) async throws {
        let engine = EventEngine(start: start)
        var reader = try TraceReader(path: trace)
        var offset = Duration.zero
        var last = start
        let source = ReplaySource(pacing: .paced(speed: speed)) {
            while true {
                while let item = try reader.next() {
                    guard var fix = item.trackFix else { continue }
                    fix.time = fix.time.map { $0 + offset }
                    last = fix.time ?? last
                    return .fix(fix)
                }
                guard loop else { return nil }
                // Again from the top, one second after the last fix, so that times keep increasing.
                reader = try TraceReader(path: trace)
                offset = (last - start) + .seconds(1)
            }
        }
        try await source.run(on: engine) { event in
            if case .fix(let fix) = event { server.publish(fix) }
        }
    }
}
