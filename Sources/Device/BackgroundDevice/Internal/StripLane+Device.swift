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

    /// The report's row of the device's lock state, beside the device conditions.
    static let device = StripLane(
        name: "device", rank: 1, rows: ["device"],
        legend: [Swatch("reboot", "restarted, not unlocked yet"), Swatch("unlock", "unlocked"), Swatch("lock", "locked")])
}
