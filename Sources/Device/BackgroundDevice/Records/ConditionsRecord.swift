public import BackgroundCore

/// `conditions`: the device conditions the scheduler follows changed (or were first read).
///
/// The JSON fields are CONTRACTS.md section 1's; ``DeviceConditions/expensive`` and
/// ``DeviceConditions/lowDataMode`` are not among them, so only the text line names them, and only when they
/// differ from their defaults (`expensive` on a path that is not cellular, `not expensive` on cellular,
/// `low data mode`).
public struct ConditionsRecord: TimelineRecord {
    public var conditions: DeviceConditions

    public init(_ conditions: DeviceConditions) {
        self.conditions = conditions
    }

    public var name: String { "conditions" }

    public func write(to json: inout JSONObjectWriter) {
        json.field("network", string: conditions.network.rawValue)
        json.field("power", string: conditions.power.rawValue)
        json.field("battery", integer: conditions.battery)
        json.field("idle", bool: conditions.idle)
        json.field("lowPower", bool: conditions.lowPower)
        json.field("backgroundRefresh", string: conditions.backgroundRefresh ? "on" : "off")
    }

    public var textDetail: String {
        let c = conditions
        return [
            "network \(c.network.rawValue)", "power \(c.power.rawValue)", "battery \(c.battery)%",
            c.idle ? "idle" : "in use", c.lowPower ? "low power" : nil,
            "background refresh \(c.backgroundRefresh ? "on" : "off")",
            c.expensive == (c.network == .cellular) ? nil : c.expensive ? "expensive" : "not expensive",
            c.lowDataMode ? "low data mode" : nil,
        ].compactMap { $0 }.joined(separator: " · ")
    }

    public var drawing: TimelineDrawing {
        .state(.conditions, styles: [
            "net " + conditions.network.rawValue, "power " + conditions.power.rawValue,
            conditions.idle ? "idle yes" : "idle no", conditions.lowPower ? "lowpower yes" : "lowpower no",
        ])
    }
}

extension TimelineRecord where Self == ConditionsRecord {
    /// A `conditions` record.
    public static func conditions(_ conditions: DeviceConditions) -> Self { ConditionsRecord(conditions) }
}
