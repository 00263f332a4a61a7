import BackgroundPopulation
import BackgroundReport

/// The HTML report of a population run (`--users N --report PATH`): its table and a histogram of each
/// task's launches per day over the users, and of the content's age at open, the push delay and the
/// transfer latency.
struct PopulationPicture {
    let document: SummaryDocument

    var report: PopulationReport {
        let s = document.statistics
        let table = document.table.split(separator: "\n").map(String.init)
        var report = PopulationReport(title: table.first ?? "bgtask simulate --users", table: Array(table.dropFirst()))
        for task in s.tasks.keys.sorted() {
            report.add(Self.chart("launches per day: \(task)", s.tasks[task]!.launchesPerDay, "users", label: SummaryDocument.hundredths))
        }
        report.add(Self.chart("content age at open", s.contentAgeAtOpen, "opens", label: SummaryDocument.time))
        report.add(Self.chart("push delay", s.pushDelay, "pushes", label: SummaryDocument.time))
        report.add(Self.chart("transfer latency", s.transferLatency, "transfers", label: SummaryDocument.time))
        return report
    }

    private static func chart(_ title: String, _ histogram: Histogram, _ unit: String, label: (Int64) -> String) -> PopulationReport.Chart {
        PopulationReport.Chart(
            title: title,
            note: "\(histogram.count) \(unit); p50 \(label(histogram.percentile(50))), p90 \(label(histogram.percentile(90))), max \(label(histogram.max))",
            bars: histogram.bars.map { (label($0.lowerEdge), $0.count) })
    }
}
