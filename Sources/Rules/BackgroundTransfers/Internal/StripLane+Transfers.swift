import BackgroundCore

extension StripLane {
    /// The report's row for each transfer: its attempts as bars, its creation and waits as ticks.
    static let transfers = StripLane(
        name: "transfers", rank: 4, barStyle: "run", legend: barLegend + [Swatch("waiting", "waiting")], barCount: ("transfer attempt", "transfer attempts"))
}
