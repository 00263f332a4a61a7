extension DeviceConditions {
    /// The battery level below which, on battery power, the system does only essential work: 20 %
    /// (WWDC20 10063 "Background execution demystified", its first factor, critically low battery: below
    /// 20 %, essential work only; docs/IOS-RULES.md).
    public static let criticallyLowBattery = 20

    /// Whether the battery is critically low on battery power: below ``criticallyLowBattery`` percent and
    /// not charging. Under `--policy realistic` it holds background pushes and discretionary transfers.
    public var isBatteryCriticallyLow: Bool {
        power == .battery && battery < Self.criticallyLowBattery
    }
}
