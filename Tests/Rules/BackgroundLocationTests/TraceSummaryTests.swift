import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

@Suite struct TraceSummaryTests {
    static let contractKeys = [
        "format", "version", "tracks", "segments", "points", "waypoints", "routes", "routePoints", "start", "end",
        "durationSeconds", "distanceMeters", "bbox",
    ]

    @Test func jsonHasTheContractsKeysInOrderWithTheirTypes() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("two.gpx", """
            <gpx version="1.1"><trk><trkseg>
            <trkpt lat="47.0" lon="8.0"><time>2026-03-01T09:00:00Z</time></trkpt>
            <trkpt lat="47.001" lon="8.0"><time>2026-03-01T09:01:30Z</time></trkpt>
            </trkseg><trkseg><trkpt lat="48" lon="9"/></trkseg></trk><wpt lat="46" lon="7.5"/></gpx>
            """)
        let summary = try TraceSummary(path: path)
        let json = summary.json
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(Self.contractKeys))
        let positions = Self.contractKeys.map { json.range(of: "\"\($0)\":")!.lowerBound }
        #expect(positions == positions.sorted())
        #expect(object["format"] as? String == "gpx")
        #expect(object["version"] as? String == "1.1")
        #expect(object["points"] as? Int == 3)
        #expect(object["segments"] as? Int == 2)
        #expect(object["waypoints"] as? Int == 1)
        #expect(object["start"] as? String == "2026-03-01T09:00:00Z")
        #expect(object["end"] as? String == "2026-03-01T09:01:30Z")
        #expect(object["durationSeconds"] as? Double == 90)
        // 0.001° of latitude within the first segment only; never across segments.
        let distance = try #require(object["distanceMeters"] as? Double)
        #expect(abs(distance - 111.195) < 0.01)
        #expect(object["bbox"] as? [Double] == [46, 7.5, 48, 9])
    }

    @Test func tracesWithoutTimesHaveNulls() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("untimed.gpx", "<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>")
        let json = try TraceSummary(path: path).json
        for key in ["version", "start", "end", "durationSeconds"] { #expect(json.contains("\"\(key)\":null")) }
        #expect(json.contains("\"tracks\":0"))
    }

    @Test func formatIsDetectedByContentNotName() throws {
        let folder = try TemporaryFolder()
        let gpx = try String(contentsOfFile: TestSupport.packageRoot + "/Traces/gps-gap.gpx", encoding: .utf8)
        let nmea = try String(contentsOfFile: TestSupport.packageRoot + "/Traces/walk-through-region.nmea", encoding: .utf8)
        #expect(try TraceFormat.detect(path: folder.write("a.nmea", gpx)) == .gpx)
        #expect(try TraceFormat.detect(path: folder.write("b.gpx", nmea)) == .nmea)
        #expect(try TraceFormat.detect(path: folder.write("c", "\u{FEFF}  \n<gpx/>")) == .gpx)
        let empty = try #require(throws: InputError.self) { try TraceFormat.detect(path: folder.write("d", "")) }
        #expect(empty.message == "the file is empty")
        let other = try #require(throws: InputError.self) { try TraceFormat.detect(path: folder.write("e", "lat,lon\n1,2\n")) }
        #expect(other.message.contains("neither GPX"))
    }

    struct BundledTrace: CustomTestStringConvertible, Sendable {
        let file: String
        let tracks: Int
        let segments: Int
        var testDescription: String { file }
    }

    /// Each bundled trace reads, has its regions file, and has the shape its name promises.
    @Test(arguments: [
        BundledTrace(file: "walk-through-region.gpx", tracks: 1, segments: 1),
        BundledTrace(file: "walk-through-region.nmea", tracks: 1, segments: 1),
        BundledTrace(file: "drive-regions.gpx", tracks: 1, segments: 1),
        BundledTrace(file: "loiter-edge.gpx", tracks: 1, segments: 1),
        BundledTrace(file: "gps-gap.gpx", tracks: 1, segments: 1),
        BundledTrace(file: "multi-segment-day.gpx", tracks: 3, segments: 4),
    ])
    func bundledTracesRead(_ trace: BundledTrace) throws {
        let path = TestSupport.packageRoot + "/Traces/" + trace.file
        let summary = try TraceSummary(path: path)
        #expect([summary.tracks, summary.segments] as [Int] == [trace.tracks, trace.segments])
        #expect(summary.points > 100)
        #expect(summary.start.map { $0 >= SimTime(rfc3339: "2026-01-01T00:00:00Z")! } == true)
        let regions = try #require(FileManager.default.contents(atPath: path + ".regions.geojson"))
        let object = try #require(try JSONSerialization.jsonObject(with: regions) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        #expect((object["features"] as? [Any])?.isEmpty == false)
        if trace.file == "gps-gap.gpx" {
            let fixes = try TraceReader.fixes(path: path)
            let longest = zip(fixes, fixes.dropFirst()).map { $1.time! - $0.time! }.max()!
            #expect(longest >= .seconds(300))
        }
    }

    @Test func bglocInfoPrintsTextJSONAndErrors() async throws {
        let bgloc = TestSupport.executable("bgloc")
        let trace = TestSupport.packageRoot + "/Traces/walk-through-region.nmea"
        let json = try await TestSupport.run(bgloc, ["info", trace, "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix("{\"format\":\"nmea\",\"version\":null,\"tracks\":1,\"segments\":1,"))
        let text = try await TestSupport.run(bgloc, ["info", trace])
        #expect(text.status == 0)
        #expect(text.stdout.contains("NMEA 0183 log"))
        let folder = try TemporaryFolder()
        let bad = try folder.write("bad.gpx", "<gpx>\n<trk><trkseg><trkpt lat=\"95\" lon=\"1\"/></trkseg></trk></gpx>")
        let failed = try await TestSupport.run(bgloc, ["info", bad])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("\(bad):2:14: latitude 95 is outside -90...90"))
        #expect(!failed.stderr.contains("Fatal error"))
        let usage = try await TestSupport.run(bgloc, ["info", trace, "--format", "xml"])
        #expect(usage.status == 64)
    }

    /// Tracks saved newest first: the real span, never a negative duration, and where time first goes back.
    @Test func tracesOutOfTimeOrderReportTheSpanAndTheFirstStepBack() async throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("newest-first.gpx", """
            <gpx version="1.1">
            <trk><trkseg>
            <trkpt lat="47.0" lon="8.0"><time>2026-03-02T10:00:00Z</time></trkpt>
            <trkpt lat="47.0" lon="8.0"><time>2026-03-02T10:00:00Z</time></trkpt>
            <trkpt lat="47.1" lon="8.0"><time>2026-03-02T11:00:00Z</time></trkpt>
            </trkseg></trk><trk><trkseg>
            <trkpt lat="47.2" lon="8.0"/>
              <trkpt lat="47.3" lon="8.0"><time>2026-03-01T09:00:00Z</time></trkpt>
            <trkpt lat="47.4" lon="8.0"><time>2026-03-01T08:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        let summary = try TraceSummary(path: path)
        #expect(summary.start == SimTime(rfc3339: "2026-03-01T08:00:00Z"))
        #expect(summary.end == SimTime(rfc3339: "2026-03-02T11:00:00Z"))
        #expect(summary.duration == .seconds(27 * 3600))
        // The untimed point passes; equal times are in order; the first step back is reported, not the second.
        let stepBack = try #require(summary.firstStepBack)
        #expect(stepBack.description == "\(path):8:3: time steps back from 2026-03-02T11:00:00Z to 2026-03-01T09:00:00Z")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.json.utf8)) as? [String: Any])
        #expect(object["durationSeconds"] as? Double == 97200)
        #expect(object["firstStepBack"] as? String == stepBack.description)
        #expect(summary.text.contains("\n  not in time order: \(stepBack)\n"))

        let ordered = try TraceSummary(path: folder.write("in-order.gpx", """
            <gpx><trk><trkseg><trkpt lat="1" lon="2"><time>2026-03-01T08:00:00Z</time></trkpt>
            <trkpt lat="1" lon="2"><time>2026-03-01T08:00:00Z</time></trkpt></trkseg></trk></gpx>
            """))
        #expect(ordered.firstStepBack == nil)
        #expect(!ordered.json.contains("firstStepBack") && !ordered.text.contains("time order"))
    }

    /// An NMEA log whose time runs backwards (a receiver's reset) is reported by the same code, at the line
    /// where the epoch that steps back begins (a comment line first, so that lines and fixes differ).
    @Test func nmeaTimeRunningBackwardsIsReportedToo() throws {
        let folder = try TemporaryFolder()
        func rmc(_ time: String) -> String {
            let body = "GPRMC,\(time),A,4722.6000,N,00831.2000,E,0.0,0.0,010326,,,A"
            let sum = body.utf8.reduce(UInt8(0), ^)
            return "$" + body + "*" + String(sum, radix: 16, uppercase: true).leftPadded(2) + "\r\n"
        }
        let path = try folder.write("reset.nmea", "# a receiver reset\r\n" + rmc("090000.00") + rmc("090001.00") + rmc("080000.00") + rmc("080001.00"))
        let summary = try TraceSummary(path: path)
        #expect(summary.points == 4)
        #expect(summary.start == SimTime(rfc3339: "2026-03-01T08:00:00Z"))
        #expect(summary.end == SimTime(rfc3339: "2026-03-01T09:00:01Z"))
        #expect(summary.firstStepBack?.description
            == "\(path):4: time steps back from 2026-03-01T09:00:01Z to 2026-03-01T08:00:00Z")
    }

    /// Every trace at hand: the bundled ones, the regression inputs, and both shared corpora (malformed
    /// GPX files included).
    static var traces: [String] {
        let manager = FileManager.default
        func files(_ folder: String, _ suffixes: [String]) -> [String] {
            let names = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter { name in suffixes.contains { name.hasSuffix($0) } }.sorted().map { folder + "/" + $0 }
        }
        let root = TestSupport.packageRoot
        var traces = files(root + "/Traces", [".gpx", ".nmea"]) + files(root + "/Examples/AudioTour", [".gpx"])
            + files(root + "/Tests/Regressions/NMEA", [""])
        if let shared = TestSupport.sharedTestdata {
            for folder in ["gpx", "nmea", "more/gpx", "more/gpx/malformed", "more/nmea"] {
                traces += files(shared + "/" + folder, [".gpx", ".log"])
            }
        }
        return traces
    }

    /// The summary reads each point where its parser left it; here it is rebuilt from `TraceReader`'s items
    /// (the path a replay takes) for every trace at hand, and must agree to the bit: counts, times, the
    /// first step back and the first skipped line, the bounds and the distance, or fail with the same error.
    @Test func summaryAgreesWithTheItemsOfEveryTrace() throws {
        let traces = Self.traces
        #expect(traces.count > (TestSupport.sharedTestdata == nil ? 7 : 60))
        for path in traces {
            let expected: Sums
            do {
                expected = try Self.sumsOfItems(path: path)
            } catch {
                let thrown = #expect(throws: InputError.self, "\(path)") { try TraceSummary(path: path) }
                #expect(thrown?.description == error.description, "\(path)")
                continue
            }
            let summary = try TraceSummary(path: path)
            #expect(Sums(summary) == expected, "\(path)")
            #expect(summary.distanceMeters.bitPattern == expected.distance.bitPattern, "\(path)")
        }
    }

    /// What a summary holds, field by field.
    struct Sums: Equatable {
        var format = TraceFormat.gpx, version: String?
        var counts: [Int] = [], skipped: Int?
        var start: SimTime?, end: SimTime?, firstStepBack: String?, firstSkipped: String?
        var distance = 0.0, bbox: [Double]?

        init() {}

        init(_ summary: TraceSummary) {
            (format, version, skipped) = (summary.format, summary.version, summary.skippedSentences)
            counts = [summary.tracks, summary.segments, summary.points, summary.waypoints, summary.routes, summary.routePoints]
            (start, end) = (summary.start, summary.end)
            (firstStepBack, firstSkipped) = (summary.firstStepBack?.description, summary.firstSkipped?.description)
            (distance, bbox) = (summary.distanceMeters, summary.bbox)
        }
    }

    /// A summary's fields computed from `TraceReader`'s items.
    static func sumsOfItems(path: String) throws(InputError) -> Sums {
        let reader = try TraceReader(path: path)
        var sums = Sums()
        sums.format = reader.format
        var order = TraceTimeOrder(file: path)
        var previous = (track: -1, segment: -1, latitude: 0.0, longitude: 0.0)
        func include(_ fix: LocationFix) {
            let box = sums.bbox ?? [fix.latitude, fix.longitude, fix.latitude, fix.longitude]
            sums.bbox = [min(box[0], fix.latitude), min(box[1], fix.longitude), max(box[2], fix.latitude), max(box[3], fix.longitude)]
        }
        while let item = try reader.next() {
            switch item {
            case .trackPoint(let fix, let track, let segment):
                include(fix)
                if let time = fix.time { order.note(time, at: reader.place) }
                if previous.track == track, previous.segment == segment {
                    sums.distance += Geodesy.distance(
                        fromLatitude: previous.latitude, longitude: previous.longitude,
                        toLatitude: fix.latitude, longitude: fix.longitude)
                }
                previous = (track, segment, fix.latitude, fix.longitude)
            case .routePoint(let fix, _), .waypoint(let fix):
                include(fix)
            case .skipped(let problem):
                if sums.firstSkipped == nil { sums.firstSkipped = problem.description }
            }
        }
        (sums.start, sums.end, sums.firstStepBack) = (order.earliest, order.latest, order.firstStepBack?.description)
        switch reader.underlying {
        case .gpx(let gpx):
            sums.version = gpx.version
            sums.counts = [gpx.tracks, gpx.segments, gpx.trackPoints, gpx.waypoints, gpx.routes, gpx.routePoints]
        case .nmea(let nmea):
            sums.skipped = nmea.skippedSentences
            sums.counts = [min(1, nmea.fixes), min(1, nmea.fixes), nmea.fixes, 0, 0, 0]
        }
        return sums
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
