import BackgroundTestKit
import Foundation
import Testing

/// `--report FILE` of `bgloc replay` and `bgtask simulate`, end to end: the built binaries write the page,
/// and a real headless Chromium draws as many regions, events and task runs as the event stream has.
@Suite struct ReportOptionsTests {
    static let bgloc = TestSupport.executable("bgloc")
    static let bgtask = TestSupport.executable("bgtask")
    static let browser = TestSupport.toolsAvailable(HeadlessBrowser.program)

    /// The `event` names of a JSON-lines stream.
    static func eventNames(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["event"] as? String
        }
    }

    /// The value of a data attribute of the dumped DOM's `<body>`.
    static func attribute(_ name: String, in dom: String) -> Int? {
        guard let start = dom.range(of: "\(name)=\"") else { return nil }
        return Int(dom[start.upperBound...].prefix { $0 != "\"" })
    }

    struct TraceCase: CustomTestStringConvertible, Sendable {
        var trace: String
        var extra: [String]
        var testDescription: String { trace }
    }

    @Test(
        .enabled(if: browser, "install chromium (tools/install-deps)"),
        arguments: [
            TraceCase(trace: "drive-regions.gpx", extra: ["--significant"]),
            TraceCase(trace: "walk-through-region.gpx", extra: []),
            TraceCase(trace: "loiter-edge.gpx", extra: []),
        ])
    func replayReportDrawsEveryRegionAndEvent(_ input: TraceCase) async throws {
        let folder = try TemporaryFolder()
        let trace = "\(TestSupport.packageRoot)/Traces/\(input.trace)"
        let regionsFile = trace + ".regions.geojson"
        let page = folder.path + "/report.html"
        let arguments = ["replay", trace, "--regions", regionsFile, "--format", "jsonl"] + input.extra
        let result = try await TestSupport.run(Self.bgloc, arguments + ["--report", page])
        #expect(result.status == 0, "\(result.stderr)")
        let plain = try await TestSupport.run(Self.bgloc, arguments)
        #expect(plain.stdout == result.stdout, "--report does not change the event stream")

        let names = Self.eventNames(result.stdout)
        let mapped = names.filter { ["enter", "exit", "significant", "pause", "resume", "error"].contains($0) }.count
        let geojson = try String(contentsOfFile: regionsFile, encoding: .utf8)
        let regions = geojson.components(separatedBy: "\"Feature\"").count - 1
        #expect(mapped > 0)

        let dom = try await HeadlessBrowser.dumpDOM(of: page)
        #expect(dom.contains(#"data-status="ok""#), "the page's script ran to the end")
        #expect(Self.attribute("data-regions", in: dom) == regions)
        #expect(Self.attribute("data-events", in: dom) == mapped)
    }

    /// With `--app` the page draws the manifest's regions and the whole trace, though a suspended app
    /// receives few `location` events.
    @Test(.enabled(if: browser, "install chromium (tools/install-deps)"))
    func appReplayReportDrawsTheManifestsRegionsAndTheWholeTrace() async throws {
        let folder = try TemporaryFolder()
        let page = folder.path + "/report.html"
        let tour = TestSupport.packageRoot + "/Examples/AudioTour"
        let result = try await TestSupport.run(Self.bgloc, [
            "replay", tour + "/tour.gpx", "--app", tour + "/app.yaml", "--audio-device", "null",
            "--format", "jsonl", "--report", page,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let names = Self.eventNames(result.stdout)
        #expect(names.filter { $0 == "location" }.count < 124, "the app is suspended for most of the walk")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("124 fixes"), "every track point of the trace is on the map")

        let dom = try await HeadlessBrowser.dumpDOM(of: page)
        #expect(dom.contains(#"data-status="ok""#))
        #expect(Self.attribute("data-regions", in: dom) == 3)
        #expect(Self.attribute("data-events", in: dom) == names.filter { ["enter", "exit"].contains($0) }.count)
        // One bar per run: each attempt of each visit-log upload (the tour has no task), and the system's
        // background task as the app leaves the foreground.
        let runs = names.filter { ["task.launched", "transfer.started", "backgroundTask.begun"].contains($0) }.count
        #expect(runs == 7, "three uploads, each dropped once and retried, and one background task")
        #expect(Self.attribute("data-runs", in: dom) == runs)
    }

    @Test(.enabled(if: browser, "install chromium (tools/install-deps)"))
    func simulateReportDrawsEveryTaskRun() async throws {
        let folder = try TemporaryFolder()
        let page = folder.path + "/report.html"
        let example = TestSupport.packageRoot + "/Examples/DailyRefresh/app.yaml"
        let result = try await TestSupport.run(
            Self.bgtask, ["simulate", example, "--for", "1d", "--format", "jsonl", "--report", page])
        #expect(result.status == 0, "\(result.stderr)")
        let launches = Self.eventNames(result.stdout).filter { $0 == "task.launched" }.count
        #expect(launches > 0)

        let dom = try await HeadlessBrowser.dumpDOM(of: page)
        #expect(dom.contains(#"data-status="ok""#))
        #expect(Self.attribute("data-runs", in: dom) == launches)
        #expect(Self.attribute("data-regions", in: dom) == 0)

        let png = folder.path + "/report.png"
        try await HeadlessBrowser.screenshot(of: page, to: png)
        #expect(FileManager.default.fileExists(atPath: png))
    }

    @Test func sameRunWritesTheSameBytes() async throws {
        let folder = try TemporaryFolder()
        let trace = "\(TestSupport.packageRoot)/Traces/drive-regions.gpx"
        var pages: [Data] = []
        for name in ["one.html", "two.html"] {
            let page = folder.path + "/" + name
            let result = try await TestSupport.run(
                Self.bgloc, ["replay", trace, "--regions", trace + ".regions.geojson", "--format", "jsonl", "--report", page])
            #expect(result.status == 0)
            pages.append(try Data(contentsOf: URL(fileURLWithPath: page)))
        }
        #expect(pages[0].count > 1000)
        #expect(pages[0] == pages[1])
    }

    @Test func anUnwritableReportIsAClearError() async throws {
        let trace = "\(TestSupport.packageRoot)/Traces/walk-through-region.gpx"
        let result = try await TestSupport.run(Self.bgloc, ["replay", trace, "--report", "/nonexistent-folder/r.html"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty, "refused before the run")
        #expect(result.stderr.contains("--report /nonexistent-folder/r.html: the folder /nonexistent-folder does not exist"))
    }
}
