import BackgroundCore

extension StripLane {
    /// The report's row for each task: its runs as bars, submissions, rejections and progress as ticks.
    static let tasks = StripLane(
        name: "tasks", rank: 2, barStyle: "run", legend: barLegend + [Swatch("progress", "progress")],
        barCount: ("task run", "task runs"))
}
