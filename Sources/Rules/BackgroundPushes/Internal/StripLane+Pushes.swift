import BackgroundCore

extension StripLane {
    /// The report's row for each push: the handler's run as a bar, its waits and refusals as ticks.
    static let pushes = StripLane(
        name: "pushes", rank: 5, barStyle: "run", legend: barLegend + [Swatch("waiting", "waiting")], barCount: ("push handled", "pushes handled"))
}
