import BackgroundTestKit
import Foundation
import Testing

/// `bgloc replay` end to end: the built binary on the bundled traces in `Traces/`.
@Suite struct ReplayCommandTests {
    static let bgloc = TestSupport.executable("bgloc")
    static func trace(_ name: String) -> String { "\(TestSupport.packageRoot)/Traces/\(name)" }

    func events(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func walkThroughRegionEntersAndLeavesOnce() async throws {
        let walk = Self.trace("walk-through-region.gpx")
        let result = try await TestSupport.run(Self.bgloc, ["replay", walk, "--regions", walk + ".regions.geojson", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try events(result.stdout)
        let regionEvents = lines.filter { ["state", "enter", "exit"].contains($0["event"] as? String) }
        #expect(regionEvents.map { $0["event"] as? String } == ["state", "enter", "exit"])
        #expect(regionEvents.allSatisfy { $0["region"] as? String == "lindenhof" })
        #expect(regionEvents.first?["state"] as? String == "outside")
        #expect(lines.first?["time"] as? String == "2026-03-01T09:00:00Z", "times come from the trace")
        #expect(lines.contains { $0["event"] as? String == "location" })
        let times = lines.compactMap { $0["time"] as? String }
        #expect(times == times.sorted(), "events are in time order")
    }

    @Test func nmeaTracesReplayLikeGPX() async throws {
        let nmea = Self.trace("walk-through-region.nmea")
        let result = try await TestSupport.run(Self.bgloc, ["replay", nmea, "--regions", nmea + ".regions.geojson", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try events(result.stdout).compactMap { $0["event"] as? String }.filter { $0 != "location" }
        #expect(names == ["state", "enter", "exit"])
    }

    @Test func skippedSentencesBecomeErrorEvents() async throws {
        let folder = try TemporaryFolder()
        let original = try String(contentsOfFile: Self.trace("walk-through-region.nmea"), encoding: .utf8)
        var lines = original.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let damaged = try #require(lines.indices.first { lines[$0].hasPrefix("$GPRMC") && $0 > 40 })
        lines[damaged] = String(lines[damaged].dropLast(2)) + (lines[damaged].hasSuffix("00") ? "11" : "00")
        let file = try folder.write("damaged.nmea", lines.joined(separator: "\r\n") + "\r\n")
        let result = try await TestSupport.run(Self.bgloc, ["replay", file, "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let errors = try events(result.stdout).filter { $0["event"] as? String == "error" }
        #expect(errors.count == 1)
        #expect(errors.first?["code"] as? String == "skipped")
        let message = try #require(errors.first?["message"] as? String)
        #expect(message.contains("damaged.nmea:") && message.contains("checksum"), "\(message)")
    }

    /// A trace out of time order replays in file order: one warning on standard error naming the place; an
    /// earlier fix comes at once with its own time, and the timeline's clock never goes back.
    @Test func traceOutOfTimeOrderWarnsOnceAndReplaysInFileOrder() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("newest-first.gpx", """
            <gpx version="1.1"><trk><trkseg>
            <trkpt lat="47.0" lon="8.0"><time>2026-03-01T10:00:00Z</time></trkpt>
            <trkpt lat="47.001" lon="8.0"><time>2026-03-01T10:00:10Z</time></trkpt>
            </trkseg></trk><trk><trkseg>
            <trkpt lat="47.002" lon="8.0"><time>2026-03-01T09:00:00Z</time></trkpt>
            <trkpt lat="47.003" lon="8.0"><time>2026-03-01T09:00:10Z</time></trkpt>
            <trkpt lat="47.004" lon="8.0"><time>2026-03-01T09:00:05Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        let result = try await TestSupport.run(Self.bgloc, ["replay", file, "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.hasPrefix(
            "bgloc replay: warning: \(file):5:1: time steps back from 2026-03-01T10:00:10Z to 2026-03-01T09:00:00Z:") == true)
        let lines = try events(result.stdout)
        let locations = lines.filter { $0["event"] as? String == "location" }
        #expect(locations.compactMap { $0["lat"] as? Double } == [47.0, 47.001, 47.002, 47.003, 47.004])
        let times = lines.compactMap { $0["time"] as? String }
        #expect(times == times.sorted(), "the timeline's clock never goes back")
        #expect(times.last == "2026-03-01T10:00:10Z", "earlier fixes come at once")
    }

    @Test func identicalRunsGiveIdenticalBytes() async throws {
        let drive = Self.trace("drive-regions.gpx")
        let arguments = ["replay", drive, "--regions", drive + ".regions.geojson", "--significant", "--format", "jsonl"]
        let first = try await TestSupport.run(Self.bgloc, arguments)
        let second = try await TestSupport.run(Self.bgloc, arguments)
        let paced = try await TestSupport.run(Self.bgloc, arguments + ["--speed", "1000000"])
        #expect(first.status == 0 && second.status == 0 && paced.status == 0)
        #expect(!first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)
        #expect(paced.stdout == first.stdout, "pacing changes when events print, not what they are")
        #expect(first.stdout.contains(#""event":"significant""#))
    }

    @Test func scriptsGetJSONLinesWithoutAsking() async throws {
        let walk = Self.trace("walk-through-region.gpx")
        let implicit = try await TestSupport.run(Self.bgloc, ["replay", walk])
        let explicit = try await TestSupport.run(Self.bgloc, ["replay", walk, "--format", "jsonl"])
        #expect(implicit.status == 0)
        #expect(implicit.stdout == explicit.stdout, "stdout is a pipe here, so the default is jsonl")
        #expect(implicit.stderr.isEmpty)
    }

    @Test func standingOnTheEdgeDoesNotFlap() async throws {
        let loiter = Self.trace("loiter-edge.gpx")
        let result = try await TestSupport.run(Self.bgloc, ["replay", loiter, "--regions", loiter + ".regions.geojson", "--format", "jsonl"])
        #expect(result.status == 0)
        let names = try events(result.stdout).compactMap { $0["event"] as? String }
        #expect(names.filter { $0 == "enter" || $0 == "exit" }.count <= 2)
        #expect(names.contains("state"))
    }

    @Test func regionsFromOptionsAndTextFormat() async throws {
        let result = try await TestSupport.run(Self.bgloc, [
            "replay", Self.trace("walk-through-region.gpx"), "--region", "lindenhof=47.37297,8.54069,150",
            "--distance-filter", "25", "--accuracy", "20", "--format", "text",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("entered lindenhof at"))
        #expect(result.stdout.contains("left lindenhof at"))
        #expect(result.stdout.hasPrefix("2026-03-01 09:00:00  "))
    }

    struct BadOption: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var mentions: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        BadOption(arguments: ["--region", "museum=91,8.5,100"], mentions: ["--region museum=91,8.5,100", "latitude"]),
        BadOption(arguments: ["--region", "museum=47,181,100"], mentions: ["--region museum=47,181,100", "longitude"]),
        BadOption(arguments: ["--region", "museum=47,8.5,-5"], mentions: ["--region museum=47,8.5,-5", "radius"]),
        BadOption(arguments: ["--region", "museum=47,8.5,0"], mentions: ["--region museum=47,8.5,0", "radius"]),
        BadOption(arguments: ["--region", "museum"], mentions: ["--region museum", "ID=LAT,LON,RADIUS"]),
        BadOption(arguments: ["--region", "museum=47,8.5"], mentions: ["--region museum=47,8.5", "three numbers"]),
        BadOption(arguments: ["--region", "=47,8.5,10"], mentions: ["--region =47,8.5,10"]),
        BadOption(arguments: ["--distance-filter=-1"], mentions: ["--distance-filter -1"]),
        BadOption(arguments: ["--accuracy", "0"], mentions: ["--accuracy 0"]),
        BadOption(arguments: ["--speed", "0"], mentions: ["--speed 0"]),
        BadOption(arguments: ["--dwell=-2"], mentions: ["'-2' is invalid for '--dwell <duration>'"]),
    ])
    func badOptionValuesAreUsageErrors(_ c: BadOption) async throws {
        let result = try await TestSupport.run(Self.bgloc, ["replay", Self.trace("walk-through-region.gpx")] + c.arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        for text in c.mentions { #expect(result.stderr.contains(text), "\(result.stderr)") }
    }

    @Test func aBadRegionsFileNamesTheFileAndTheFeature() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("bad.geojson", #"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [8.5, 47.3]}, "properties": {"id": "a", "radius": 100}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [8.5, 47.3]}, "properties": {"id": "b", "radius": -3}}]}
            """#)
        let result = try await TestSupport.run(Self.bgloc, ["replay", Self.trace("walk-through-region.gpx"), "--regions", file])
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.geojson: features[1].properties.radius:"), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal"))
    }

    @Test func helpShowsAnExample() async throws {
        let result = try await TestSupport.run(Self.bgloc, ["replay", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Example:"))
        #expect(result.stdout.contains("--region <ID=LAT,LON,RADIUS>"))
    }
}
