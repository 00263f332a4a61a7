import BackgroundCore

extension StripLane {
    /// The report's rows of device conditions: network, power and idle, each a span per change.
    static let conditions = StripLane(
        name: "conditions", rank: 1, rows: ["network", "power", "idle"],
        legend: [
            Swatch("wifi", "wifi"), Swatch("cellular", "cellular"), Swatch("battery", "battery"),
            Swatch("charging", "charging"), Swatch("full", "full"), Swatch("idle", "idle"),
        ])

    /// The report's row for each task: its runs as bars, submissions and rejections as ticks.
    static let tasks = StripLane(
        name: "tasks", rank: 2, barStyle: "run", legend: barLegend, barCount: ("task run", "task runs"))
}
