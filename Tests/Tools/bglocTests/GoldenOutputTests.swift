import BackgroundTestKit
import Foundation
import Testing

/// What users see, byte for byte: the built tools' outputs on the bundled traces and examples against the
/// files in `Tests/Golden`, captured before the core was opened for new background modes.
@Suite struct GoldenOutputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var golden: String
        var tool: String
        var arguments: [String]
        /// The file the command writes (a report) instead of standard output, relative to a scratch folder.
        var writes: String?
        var testDescription: String { golden }
    }

    static let traces = [
        "drive-regions.gpx", "gps-gap.gpx", "loiter-edge.gpx", "multi-segment-day.gpx", "walk-through-region.gpx",
        "walk-through-region.nmea",
    ]

    static let cases: [Case] = traces.flatMap { name in
        let trace = "Traces/\(name)"
        return [
            Case(golden: "replay-\(name).jsonl", tool: "bgloc",
                 arguments: ["replay", trace, "--regions", trace + ".regions.geojson", "--significant", "--format", "jsonl"]),
            Case(golden: "info-\(name).json", tool: "bgloc", arguments: ["info", trace, "--format", "json"]),
        ]
    } + [
        Case(golden: "replay-drive-regions.gpx.txt", tool: "bgloc", arguments: [
            "replay", "Traces/drive-regions.gpx", "--regions", "Traces/drive-regions.gpx.regions.geojson", "--significant",
            "--format", "text",
        ]),
        Case(golden: "daily-3d-eager.jsonl", tool: "bgtask",
             arguments: ["simulate", "Examples/DailyRefresh/app.yaml", "--for", "3d", "--format", "jsonl"]),
        Case(golden: "daily-7d-realistic.jsonl", tool: "bgtask", arguments: [
            "simulate", "Examples/DailyRefresh/app.yaml", "--for", "7d", "--policy", "realistic", "--seed", "7",
            "--format", "jsonl",
        ]),
        Case(golden: "daily-1d.txt", tool: "bgtask",
             arguments: ["simulate", "Examples/DailyRefresh/app.yaml", "--for", "1d", "--format", "text"]),
        Case(golden: "daily-3d.html", tool: "bgtask",
             arguments: ["simulate", "Examples/DailyRefresh/app.yaml", "--for", "3d", "--format", "jsonl", "--report"],
             writes: "daily-3d.html"),
        Case(golden: "commute-2d-realistic.txt", tool: "bgtask", arguments: [
            "simulate", "Examples/Commute/app.yaml", "--for", "2d", "--policy", "realistic", "--format", "text",
        ]),
        Case(golden: "news-6h.jsonl", tool: "bgtask",
             arguments: ["simulate", "Examples/News/app.yaml", "--for", "6h", "--format", "jsonl"]),
        Case(golden: "news-6h.html", tool: "bgtask",
             arguments: ["simulate", "Examples/News/app.yaml", "--for", "6h", "--format", "jsonl", "--report"],
             writes: "news-6h.html"),
        Case(golden: "audiotour.jsonl", tool: "bgloc", arguments: [
            "replay", "Examples/AudioTour/tour.gpx", "--app", "Examples/AudioTour/app.yaml", "--audio-device", "null",
            "--format", "jsonl",
        ]),
        Case(golden: "audiotour.txt", tool: "bgloc", arguments: [
            "replay", "Examples/AudioTour/tour.gpx", "--app", "Examples/AudioTour/app.yaml", "--audio-device", "null",
            "--format", "text",
        ]),
        Case(golden: "audiotour.html", tool: "bgloc", arguments: [
            "replay", "Examples/AudioTour/tour.gpx", "--app", "Examples/AudioTour/app.yaml", "--audio-device", "null",
            "--format", "jsonl", "--report",
        ], writes: "audiotour.html"),
    ]

    @Test(arguments: cases) func outputIsUnchanged(_ c: Case) async throws {
        let folder = try TemporaryFolder()
        let written = c.writes.map { "\(folder.path)/\($0)" }
        let result = try await TestSupport.run(
            TestSupport.executable(c.tool), c.arguments + (written.map { [$0] } ?? []),
            currentDirectory: TestSupport.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let actual = try written.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? result.stdout
        let expected = try String(contentsOfFile: "\(TestSupport.packageRoot)/Tests/Golden/\(c.golden)", encoding: .utf8)
        #expect(!expected.isEmpty)
        if actual != expected {
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(actualLines.count, expectedLines.count)
            Issue.record("""
                \(c.golden) differs first at line \(first + 1):
                  expected: \(first < expectedLines.count ? String(expectedLines[first]) : "(end)")
                  actual:   \(first < actualLines.count ? String(actualLines[first]) : "(end)")
                """)
        }
    }
}
