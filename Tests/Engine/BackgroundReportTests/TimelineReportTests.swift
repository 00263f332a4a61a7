import BackgroundApp
import BackgroundCore
import BackgroundLocation
import BackgroundReport
import BackgroundScheduler
import BackgroundTestKit
import Foundation
import Testing

/// The HTML report: escaping, determinism, bounded memory, what it draws, and a real headless browser.
@Suite struct TimelineReportTests {
    static let start = SimTime.defaultStart

    /// A walk north through a region, with an entry, an exit, a pause and a task run.
    static func walk(regionID: String = "museum", taskID: String = "com.example.refresh") -> TimelineReport {
        let region = ReportRegion(identifier: regionID, latitude: 47.001, longitude: 8.0, radius: 60)
        let report = TimelineReport(title: "walk <test>", regions: [region])
        func at(_ seconds: Int, _ kind: some TimelineRecord) {
            report.record(TimelineEvent(time: start + .seconds(seconds), kind: kind))
        }
        at(0, .lifecycle(state: .foreground, reason: nil))
        at(0, .state(region: regionID, state: .outside))
        for step in 0...20 {
            at(step * 10, .location(LocationFix(time: nil, latitude: 47.0 + Double(step) * 0.0001, longitude: 8.0)))
        }
        at(50, .enter(region: regionID, latitude: 47.0005, longitude: 8.0))
        at(60, .taskSubmitted(task: taskID, kind: .refresh, earliestBegin: nil))
        at(90, .taskLaunched(task: taskID))
        at(120, .lifecycle(state: .background, reason: "user"))
        at(130, .taskCompleted(task: taskID, success: true))
        at(160, .exit(region: regionID, latitude: 47.0016, longitude: 8.0))
        at(200, .pause)
        return report
    }

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func drawsRegionsMarkersAndRuns() {
        let html = Self.walk().html()
        #expect(Self.occurrences(of: "<g class=\"region\">", in: html) == 1)
        #expect(Self.occurrences(of: "<g class=\"event ", in: html) == 3, "enter, exit and pause")
        #expect(Self.occurrences(of: "class=\"run success\"", in: html) == 1)
        #expect(html.contains("<polyline class=\"track\""))
        #expect(html.contains("entered museum at 47.000500, 8.000000"))
    }

    @Test func drawsBackgroundTasksAsBarsUnderTheAppsStates() {
        let report = TimelineReport(title: "background time", regions: [])
        func at(_ seconds: Int, _ kind: some TimelineRecord) {
            report.record(TimelineEvent(time: Self.start + .seconds(seconds), kind: kind))
        }
        at(0, .lifecycle(state: .foreground, reason: nil))
        at(60, .backgroundTask("system", .begun))
        at(60, .lifecycle(state: .background, reason: "left"))
        at(65, .backgroundTask("system", .ended))
        at(70, .backgroundTask("upload", .begun))
        at(95, .backgroundTask("upload", .expired))
        at(95, .backgroundTask("upload", .ended))
        at(100, .taskLaunched(task: "com.example.refresh"))
        let html = report.html()
        #expect(Self.occurrences(of: "class=\"run success\"", in: html) == 1, "system ended in time")
        #expect(Self.occurrences(of: "class=\"run expired\"", in: html) == 1, "upload ended at its expiration")
        #expect(html.contains("2 background tasks"))
        let rows = ["app", "system", "upload", "com.example.refresh"].map { html.range(of: ">\($0)<title>")?.lowerBound }
        #expect(rows.allSatisfy { $0 != nil } && rows.map { $0! } == rows.map { $0! }.sorted(), "the app's states, its background tasks, then the tasks")
    }

    /// The `x`, `width` and title of the first rect of class `style`.
    static func rect(_ style: String, in html: String) throws -> (x: Double, width: Double, title: String) {
        let start = try #require(html.range(of: "<rect class=\"\(style)\" "))
        let rect = html[start.lowerBound...].prefix { $0 != ">" }
        func attribute(_ name: String) throws -> Double {
            let value = try #require(rect.range(of: " " + name + "=\""))
            return try #require(Double(rect[value.upperBound...].prefix { $0 != "\"" }))
        }
        let title = try #require(html[start.upperBound...].range(of: "<title>"))
        return (try attribute("x"), try attribute("width"), String(html[title.upperBound...].prefix { $0 != "<" }))
    }

    @Test func aBackgroundTaskHeldWhenTheAppIsTerminatedEndsThere() throws {
        let engine = EventEngine(start: Self.start)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let lifecycle = AppLifecycle(engine: engine, timeline: timeline)
        lifecycle.launch(reason: "the user opened the app")
        engine.schedule(after: .seconds(10)) { _ = lifecycle.beginBackgroundTask(withName: "upload") }
        engine.schedule(after: .seconds(30)) { lifecycle.terminate(reason: "the user force-quit the app") }
        engine.schedule(after: .seconds(90)) { lifecycle.launch(reason: "the user opened the app") }
        engine.run()
        #expect(timeline.events.map(\.kind.name).filter { $0.hasPrefix("backgroundTask.") } == ["backgroundTask.begun"],
                "the termination ends the task without a backgroundTask.ended")
        let report = TimelineReport(title: "force quit")
        for event in timeline.events { report.record(event) }
        let html = report.html()
        #expect(Self.occurrences(of: "class=\"run running\"", in: html) == 0, "no bar runs on after the termination")
        #expect(Self.occurrences(of: "class=\"run failed\"", in: html) == 1)
        let bar = try Self.rect("run failed", in: html)
        let terminated = try Self.rect("span life terminated", in: html)
        #expect(abs(bar.x + bar.width - terminated.x) <= 0.2, "the bar ends where the terminated span begins")
        #expect(bar.title.contains("upload") && bar.title.hasSuffix("terminated (the user force-quit the app)"),
                "the bar says what ended it: \(bar.title)")
    }

    @Test func needsNothingFromOutside() {
        let html = Self.walk().html()
        for reference in ["http:", "https:", "src=", "href=", "@import", "url("] {
            #expect(!html.contains(reference), "\(reference)")
        }
    }

    @Test func sameEventsGiveTheSameBytes() {
        #expect(Self.walk().html() == Self.walk().html())
    }

    struct EscapeCase: CustomTestStringConvertible, Sendable {
        var region: String
        var task: String
        var testDescription: String { "\(region) / \(task)" }
    }

    @Test(arguments: [
        EscapeCase(region: "<script>alert(1)</script>", task: "a\"b'c"),
        EscapeCase(region: "x&y", task: "</title><img src=x onerror=alert(1)>"),
    ])
    func escapesEveryStringFromInput(_ input: EscapeCase) {
        let html = Self.walk(regionID: input.region, taskID: input.task).html()
        #expect(!html.contains(input.region))
        #expect(!html.contains(input.task))
        #expect(!html.contains("walk <test>"))
        #expect(html.contains("walk &lt;test&gt;"))
        #expect(Self.occurrences(of: "<script>", in: html) == 1, "only the report's own script")
    }

    @Test func aHugeTrackIsDecimated() throws {
        let report = TimelineReport(title: "long", trackPoints: 500)
        let count = 200_000
        for index in 0..<count {
            let fix = LocationFix(time: nil, latitude: 10 + Double(index) * 1e-6, longitude: 20)
            report.record(TimelineEvent(time: Self.start + .seconds(index), kind: .location(fix)))
        }
        let html = report.html()
        let start = try #require(html.range(of: "<polyline class=\"track\" points=\""))
        let points = html[start.upperBound...].prefix { $0 != "\"" }.split(separator: " ")
        #expect(points.count <= 501)
        #expect(points.count >= 250)
        #expect(html.contains("200,000 fixes (track drawn with \(points.count) points)"))
    }

    @Test func anExpiredRunIsDrawnAsExpired() {
        let report = TimelineReport(title: "tasks")
        let task = "com.example.upload"
        report.record(TimelineEvent(time: Self.start, kind: .taskLaunched(task: task)))
        report.record(TimelineEvent(time: Self.start + .seconds(30), kind: .taskExpired(task: task)))
        report.record(TimelineEvent(time: Self.start + .seconds(30), kind: .taskCompleted(task: task, success: false)))
        report.record(TimelineEvent(time: Self.start + .seconds(60), kind: .taskLaunched(task: task)))
        let html = report.html()
        #expect(Self.occurrences(of: "class=\"run expired\"", in: html) == 1)
        #expect(Self.occurrences(of: "class=\"run running\"", in: html) == 1, "the second run has not ended")
        #expect(!html.contains("<svg id=\"map\""), "no positions, no map")
    }

    @Test func writeReportsAFileItCannotCreate() {
        #expect(throws: ReportWriteError.self) { try Self.walk().write(to: "/nonexistent-folder/report.html") }
    }

    @Test(.enabled(if: TestSupport.toolsAvailable(HeadlessBrowser.program), "install chromium (tools/install-deps)"))
    func aHeadlessBrowserLoadsThePageAndDrawsEverything() async throws {
        let folder = try TemporaryFolder()
        let page = folder.path + "/report.html"
        try Self.walk().write(to: page)
        let dom = try await HeadlessBrowser.dumpDOM(of: page)
        #expect(dom.contains(#"data-status="ok""#), "the page's script ran to the end")
        #expect(dom.contains(#"data-regions="1""#))
        #expect(dom.contains(#"data-events="3""#))
        #expect(dom.contains(#"data-runs="1""#))
        let png = folder.path + "/report.png"
        try await HeadlessBrowser.screenshot(of: page, to: png)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
    }
}
