import BackgroundCore

extension StripLane {
    /// The report's row of the device's lock state, beside the device conditions.
    static let device = StripLane(
        name: "device", rank: 1, rows: ["device"],
        legend: [Swatch("reboot", "restarted, not unlocked yet"), Swatch("unlock", "unlocked"), Swatch("lock", "locked")])
}
