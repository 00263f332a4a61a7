import BackgroundApp
import BackgroundCore
import BackgroundReport
import BackgroundScheduler
import Foundation
import Testing

/// A record of a module the report has never heard of draws from the drawings vocabulary alone.
@Suite struct ToyModeRecordTests {
    /// A download of a background-transfer mode: a bar on its URL's row, in a lane of its own.
    struct DownloadRecord: TimelineRecord {
        static let lane = StripLane(
            name: "downloads", rank: 4, barStyle: "transfer", legend: [StripLane.Swatch("transfer", "download")],
            barCount: ("download", "downloads"))
        var url: String
        var done: Bool?

        var name: String { done == nil ? "download.started" : "download.finished" }
        func write(to json: inout JSONObjectWriter) { json.field("url", string: url) }
        var textDetail: String { url }
        var drawing: TimelineDrawing {
            .bar(Self.lane, row: url, done.map { .close($0 ? .success : .failed) } ?? .open)
        }
    }

    @Test func aNewLaneDrawsAfterTheKnownOnesWithItsLegendAndCount() {
        let report = TimelineReport(title: "toy")
        let start = SimTime.defaultStart
        report.record(TimelineEvent(time: start, kind: DownloadRecord(url: "https://example.com/a")))
        report.record(TimelineEvent(time: start + .seconds(5), kind: .taskLaunched(task: "refresh")))
        report.record(TimelineEvent(time: start + .seconds(9), kind: DownloadRecord(url: "https://example.com/a", done: true)))
        report.record(TimelineEvent(time: start + .seconds(10), kind: .lifecycle(state: .background, reason: nil)))
        let html = report.html()
        #expect(html.contains("class=\"transfer success\""))
        #expect(html.contains("<i class=\"sw transfer\"></i>download"))
        #expect(html.contains("1 download"))
        #expect(html.contains("<td>download.finished</td>"))
        // Rank orders the lanes, not first appearance: app (0), the task (2), then the download (4).
        let app = html.range(of: ">app<title>")!.lowerBound
        let task = html.range(of: ">refresh<title>")!.lowerBound
        let download = html.range(of: ">https://example.com/a<title>")!.lowerBound
        #expect(app < task && task < download)
    }
}
