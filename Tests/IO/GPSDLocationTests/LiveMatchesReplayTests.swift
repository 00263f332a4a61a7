import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

/// The property of issue 18: `bgloc live` fed by a real gpsd (gpsfake) at two paces, both much faster than
/// real time, gives the same `location`, `state`, `enter`, `exit` and `significant` events as `bgloc replay`
/// of the same log, apart from their stamps — because the location rules measure time by each fix's own
/// time, not by when it arrives (docs/LOCATION.md, "Time of the rules").
///
/// Each bundled trace with regions is written as an NMEA log (RMC, GGA and GST per epoch), thinned to every
/// few fixes so that a pass through gpsfake takes seconds. What is compared of each event: its name, its
/// region and state, and its position within 1e-7° (gpsd prints nine decimals). Speed, course, altitude and
/// accuracy are not: gpsd computes and rounds them its own way (docs/TRACES.md, "Agreement with gpsd").
@Suite(
    .enabled(if: TestSupport.toolsAvailable("gpsfake", "gpsd"), "install gpsd and gpsd-clients (tools/install-deps)"),
    .serialized
)
struct LiveMatchesReplayTests {
    static let bgloc = TestSupport.executable("bgloc")

    /// The bundled traces with regions beside them, and how many fixes to keep: one in `every`.
    static let traces: [(name: String, every: Int)] = [
        ("walk-through-region.nmea", 4), ("drive-regions.gpx", 4), ("loiter-edge.gpx", 5),
    ]

    /// gpsfake's delay between sentences: 3 sentences an epoch, fixes 4–5 s apart, so 0.005 s is some 250
    /// times real time and 0.02 s some 70 times.
    @Test(arguments: [0.005, 0.02])
    func liveGivesTheReplaysEvents(cycle: Double) async throws {
        for trace in Self.traces {
            let source = "\(TestSupport.packageRoot)/Traces/\(trace.name)"
            let regions = source + ".regions.geojson"
            let fixes = try TraceReader.fixes(path: source).enumerated().filter { $0.offset % trace.every == 0 }.map(\.element)
            let folder = try TemporaryFolder(prefix: "live-replay")
            // Nothing but void sentences for the first 3 s: gpsfake feeds from its start, and bgloc live must
            // be watching before the first fix comes.
            let log = try folder.write("log.nmea", Self.nmea(fixes, preamble: Int(3 / cycle)))

            let replay = try await TestSupport.run(Self.bgloc, ["replay", log, "--regions", regions, "--significant", "--format", "jsonl"])
            #expect(replay.status == 0, "\(replay.stderr)")
            let expected = try Self.events(replay.stdout)
            #expect(expected.count > fixes.count, "\(trace.name): the replay gave region or significant-change events")

            let live = try await Self.live(log: log, cycle: cycle, fixes: fixes.count, regions: regions)
            #expect(live.count == expected.count, "\(trace.name) at \(cycle) s: \(live.count) events live, \(expected.count) replayed")
            for (index, (got, want)) in zip(live, expected).enumerated() where !got.matches(want) {
                Issue.record("\(trace.name) at \(cycle) s, event \(index): live \(got), replay \(want)")
                break
            }
        }
    }

    /// The events of `bgloc live` over one whole pass of `log`. gpsfake feeds from its own start, so on a
    /// loaded machine bgloc live can connect after the preamble and miss the first fixes: then it is tried
    /// again (the first event must be the log's first fix).
    static func live(log: String, cycle: Double, fixes: Int, regions: String) async throws -> [Event] {
        let first = try TraceReader.fixes(path: log).first
        for _ in 1...3 {
            let gpsd = try GPSFake(log: log, cycle: cycle)
            defer { gpsd.stop() }
            let result = try await TestSupport.run(
                bgloc,
                ["live", "--gpsd", "127.0.0.1:\(gpsd.port)", "--fixes", "\(fixes)", "--regions", regions, "--significant",
                 "--format", "jsonl", "--duration", "120"]
            )
            #expect(result.status == 0, "\(result.stderr)")
            let events = try Self.events(result.stdout)
            if let first, let start = events.first, start.matches(Event(name: "location", latitude: first.latitude, longitude: first.longitude)) {
                return events
            }
        }
        throw Failure("bgloc live never saw the log's first fix in three tries")
    }

    /// What is compared of one event.
    struct Event: CustomStringConvertible {
        var name: String
        var region: String?
        var state: String?
        var latitude: Double?
        var longitude: Double?

        func matches(_ other: Event) -> Bool {
            func near(_ a: Double?, _ b: Double?) -> Bool {
                switch (a, b) {
                case (nil, nil): true
                case (let a?, let b?): abs(a - b) <= 1e-7
                default: false
                }
            }
            return name == other.name && region == other.region && state == other.state
                && near(latitude, other.latitude) && near(longitude, other.longitude)
        }

        var description: String {
            [name, region, state, latitude.map { "\($0)" }, longitude.map { "\($0)" }].compactMap { $0 }.joined(separator: " ")
        }
    }

    static let compared: Set<String> = ["location", "state", "enter", "exit", "significant"]

    static func events(_ jsonLines: String) throws -> [Event] {
        try jsonLines.split(separator: "\n").compactMap { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let name = object["event"] as? String, compared.contains(name) else { return nil }
            return Event(
                name: name, region: object["region"] as? String, state: object["state"] as? String,
                latitude: object["lat"] as? Double, longitude: object["lon"] as? Double
            )
        }
    }

    /// An NMEA log of `fixes`: RMC, GGA and GST per epoch, after `preamble` void RMC sentences without a time.
    static func nmea(_ fixes: [LocationFix], preamble: Int) -> String {
        var lines = Array(repeating: NMEALog.sentence("GPRMC,,V,,,,,,,,,,N"), count: preamble)
        for fix in fixes {
            guard let time = fix.time else { continue }
            let text = time.rfc3339  // 2026-03-01T09:00:04Z or with a fraction
            let digits = Array(text.utf8).map { Character(UnicodeScalar($0)) }
            let date = String([digits[8], digits[9], digits[5], digits[6], digits[2], digits[3]])
            let clock = String([digits[11], digits[12], digits[14], digits[15], digits[17], digits[18]]) + ".00"
            let latitude = degreesMinutes(abs(fix.latitude), width: 2) + (fix.latitude < 0 ? ",S" : ",N")
            let longitude = degreesMinutes(abs(fix.longitude), width: 3) + (fix.longitude < 0 ? ",W" : ",E")
            let knots = String(format: "%.2f", (fix.speed ?? 0) / 0.514444)
            let course = String(format: "%.1f", fix.course ?? 0)
            let altitude = String(format: "%.1f", fix.altitude ?? 0)
            let sigma = String(format: "%.1f", (fix.horizontalAccuracy ?? 5) / 2.0.squareRoot())
            lines.append(NMEALog.sentence("GPRMC,\(clock),A,\(latitude),\(longitude),\(knots),\(course),\(date),,,A"))
            lines.append(NMEALog.sentence("GPGGA,\(clock),\(latitude),\(longitude),1,10,1.0,\(altitude),M,47.3,M,,"))
            lines.append(NMEALog.sentence("GPGST,\(clock),2.5,\(sigma),\(sigma),0.0,\(sigma),\(sigma),3.8"))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// `ddmm.mmmmmm` (or `dddmm.mmmmmm`): degrees and minutes to 1e-6 minute, about 2 mm.
    static func degreesMinutes(_ value: Double, width: Int) -> String {
        let degrees = Int(value)
        let minutes = (value - Double(degrees)) * 60
        return String(format: "%0\(width)d%09.6f", degrees, minutes)
    }
}
