extension SessionRules {
    /// The system's discretion over discretionary transfers under `--policy realistic` (docs/TRANSFERS.md,
    /// "Discretionary transfers under the realistic policy"): the system starts one when the device can
    /// afford it, not only on Wi-Fi and external power.
    ///
    /// - It waits while the battery is critically low on battery power (`lowBattery`) or Low Power Mode is
    ///   on (`lowPowerMode`): WWDC20 10063's first two factors.
    /// - On Wi-Fi it goes; on cellular it goes when the day's cellular data budget can pay for its known
    ///   size (`budget` otherwise, until the budget has refilled enough): WWDC20 10063's data budget,
    ///   "distributed throughout the day".
    ///
    /// ```swift
    /// var rules = SessionRules()
    /// rules.discretion = SessionRules.Discretion()
    /// rules.discretion?.cellularBytesPerDay = 10_000_000
    /// ```
    public struct Discretion: Hashable, Sendable {
        /// The cellular bytes discretionary transfers may use per day: 50 MB, the emulator's choice (Apple
        /// gives no number). The budget starts full and refills continuously, this much per 24 hours, up to
        /// this much; a transfer larger than it never goes on cellular. At least 1.
        public var cellularBytesPerDay: Int64 = 50_000_000

        public init() {}
    }
}
