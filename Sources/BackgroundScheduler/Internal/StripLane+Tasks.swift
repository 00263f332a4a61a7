import BackgroundCore

extension StripLane {
    /// The report's rows of device conditions: network, power, idle and Low Power Mode, each a span per change.
    static let conditions = StripLane(
        name: "conditions", rank: 1, rows: ["network", "power", "idle", "Low Power Mode"],
        legend: [
            Swatch("wifi", "wifi"), Swatch("cellular", "cellular"), Swatch("none", "no network"), Swatch("battery", "battery"),
            Swatch("charging", "charging"), Swatch("full", "full"), Swatch("idle", "idle"),
            Swatch("lowpower", "Low Power Mode"), Swatch("off", "in use / Low Power Mode off"),
        ])

    /// The report's row for each task: its runs as bars, submissions, rejections, waits and progress as ticks.
    static let tasks = StripLane(
        name: "tasks", rank: 2, barStyle: "run", legend: barLegend + [Swatch("waiting", "waiting"), Swatch("progress", "progress")],
        barCount: ("task run", "task runs"))
}
