import BackgroundCore

extension StripLane {
    /// The report's row of the app's states, the first of the strip.
    static let lifecycle = StripLane(
        name: "lifecycle", rank: 0, rows: ["app"],
        legend: [
            Swatch("foreground", "foreground"), Swatch("background", "background"), Swatch("suspended", "suspended"),
            Swatch("terminated", "terminated"),
        ])

    /// The report's row for each background task, by name, under the app's states: its time as a bar.
    static let backgroundTasks = StripLane(
        name: "backgroundTasks", rank: 0, barStyle: "run", legend: barLegend,
        barCount: ("background task", "background tasks"))
}
