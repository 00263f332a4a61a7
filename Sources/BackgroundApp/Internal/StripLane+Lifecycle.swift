import BackgroundCore

extension StripLane {
    /// The report's row of the app's states, the first of the strip.
    static let lifecycle = StripLane(
        name: "lifecycle", rank: 0, rows: ["app"],
        legend: [
            Swatch("foreground", "foreground"), Swatch("background", "background"), Swatch("suspended", "suspended"),
            Swatch("terminated", "terminated"),
        ])
}
