import BackgroundTestKit
import Foundation
import Testing

/// The report as a new user reads it (issue 28): its legend names every mark drawn, its counts are the
/// run's true counts, a year is drawn to its end, and Chromium renders it (a screenshot, kept in
/// `BGKIT_SCREENSHOTS=DIR` when set, to look at) — for the three examples and a 365-day run.
@Suite(.enabled(if: TestSupport.toolsAvailable(HeadlessBrowser.program) || TestSupport.integrationRequired, "install chromium"))
struct ReportLegendTests {
    static let root = TestSupport.packageRoot

    struct Run: CustomTestStringConvertible, Sendable {
        var name: String
        var tool: String
        var arguments: [String]
        var testDescription: String { name }
    }

    static let runs = [
        Run(name: "daily", tool: "bgtask", arguments: ["simulate", root + "/Examples/DailyRefresh/app.yaml", "--for", "1d"]),
        Run(name: "news", tool: "bgtask", arguments: ["simulate", root + "/Examples/News/app.yaml", "--for", "6h"]),
        Run(name: "audiotour", tool: "bgloc", arguments: [
            "replay", root + "/Examples/AudioTour/tour.gpx", "--app", root + "/Examples/AudioTour/app.yaml", "--audio-device", "null",
        ]),
        Run(name: "daily-365d", tool: "bgtask", arguments: ["simulate", root + "/Examples/DailyRefresh/app.yaml", "--for", "365d"]),
    ]

    /// The legend's key for a mark's classes: a run's outcome, a tick's style, a span's state (`no` of a
    /// yes/no row is the lane's "off" swatch, `yes` the row's own).
    static func legendKey(_ classes: [Substring]) -> String? {
        guard let kind = classes.first, let last = classes.last, classes.count >= 2 else { return nil }
        switch kind {
        case "span": return last == "no" ? "off" : last == "yes" ? String(classes[classes.count - 2]) : String(last)
        case "run", "clip", "tick": return String(last)
        default: return nil
        }
    }

    /// The `class` attribute of every mark in the strip.
    static func marks(in html: String) -> [[Substring]] {
        guard let strip = html.split(separator: "<svg id=\"strip\"").last?.split(separator: "</svg>").first else { return [] }
        return strip.split(separator: "class=\"").dropFirst().compactMap { part in
            part.split(separator: "\"").first.map { $0.split(separator: " ") }
        }
    }

    @Test(arguments: runs) func theLegendNamesEveryMarkAndTheCountsAreTrue(_ run: Run) async throws {
        let folder = try TemporaryFolder(prefix: "bgkit-legend")
        let page = folder.path + "/\(run.name).html"
        let result = try await TestSupport.run(
            TestSupport.executable(run.tool), run.arguments + ["--format", "jsonl", "--report", page])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)

        let legend = Set(html.split(separator: "<i class=\"sw ").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
        let keys = Set(Self.marks(in: html).filter { $0.first != "lane" && $0.first != "label" && $0.first != "row" && $0.first != "axis" }
            .compactMap(Self.legendKey))
        #expect(!keys.isEmpty)
        #expect(keys.subtracting(legend).isEmpty, "marks without a legend entry: \(keys.subtracting(legend).sorted())")
        #expect(!html.contains("· ·") && !html.contains("\"legend\"> ·") && !html.contains(" · </p>"), "a stray separator")

        let launched = result.stdout.split(separator: "\n").filter { $0.contains(#""event":"task.launched""#) }.count
        if launched > 0 {
            var digits = Array(String(launched))
            for index in Swift.stride(from: digits.count - 3, to: 0, by: -3) { digits.insert(",", at: index) }
            let formatted = String(digits)
            #expect(html.contains("\(formatted) task run"), "the summary's count of task runs is \(launched)")
        }
        if run.name == "daily-365d" {
            #expect(launched > 30_000)
            // The refresh row reaches December, and Low Power Mode has its row.
            #expect(html.contains("2026-12-31") && html.contains(">Low Power Mode<"))
            let titles = html.split(separator: "<rect class=\"run ").dropFirst().compactMap { $0.split(separator: "</title>").first }
            let lastRefresh = titles.last { $0.contains("task.launched   com.example.daily.refresh") }
            #expect(lastRefresh?.contains("2026-12-") == true, "\(String(lastRefresh ?? ""))")
        }

        let png = (ProcessInfo.processInfo.environment["BGKIT_SCREENSHOTS"] ?? folder.path) + "/report-\(run.name).png"
        try await HeadlessBrowser.screenshot(of: page, to: png, width: 1000, height: 1600)
        let size = try FileManager.default.attributesOfItem(atPath: png)[.size] as? Int ?? 0
        #expect(size > 20_000, "a screenshot of a drawn page, not a blank one (\(size) bytes)")
    }
}
