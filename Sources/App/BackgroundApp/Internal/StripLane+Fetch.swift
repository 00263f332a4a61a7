import BackgroundCore

extension StripLane {
    /// The report's row of the legacy background fetch: each fetch's run as a bar.
    static let fetch = StripLane(
        name: "fetch", rank: 2, barStyle: "run", legend: barLegend, barCount: ("background fetch", "background fetches"))
}
