import BackgroundCore

extension StripLane {
    /// The report's row for each task: its runs as bars, submissions, rejections, waits and progress as ticks.
    static let tasks = StripLane(
        name: "tasks", rank: 2, barStyle: "run", legend: barLegend + [Swatch("waiting", "waiting"), Swatch("progress", "progress")],
        barCount: ("task run", "task runs"))
}
