import BackgroundCore

extension StripLane {
    /// The report's row for each audio file: its clips as bars, pauses, resumptions and interruptions as
    /// ticks.
    static let audio = StripLane(name: "audio", rank: 3, barStyle: "clip", legend: barLegend + [Swatch("paused", "paused"), Swatch("resumed", "resumed"), Swatch("interrupted", "interrupted")])
}
