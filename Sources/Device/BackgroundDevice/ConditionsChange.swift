/// A change to some of the device conditions: the keys it names change, the others stay as they are —
/// except that a change of ``network`` that does not name ``expensive`` also sets it to the network's
/// default (expensive on cellular only), as a phone's path does when it moves between networks.
///
/// One entry of a scripted conditions timeline (the manifest's `conditions:` list) is such a change:
///
/// ```swift
/// let unplugged = ConditionsChange(power: .battery, idle: false)
/// let after = unplugged.applied(to: DeviceConditions(power: .charging, idle: true))
/// // after.power == .battery, after.idle == false, the rest as before
/// ```
///
/// ``drain`` and ``charge`` are not conditions but the script's battery model: from the entry that names
/// them on, ``ScriptedConditions`` moves the battery one whole percent at a time at that rate while the
/// device is on battery (drain) or charging (charge).
public struct ConditionsChange: Hashable, Sendable {
    public var network: DeviceConditions.Network?
    public var power: DeviceConditions.Power?
    public var battery: Int?
    public var idle: Bool?
    public var lowPower: Bool?
    public var backgroundRefresh: Bool?
    public var expensive: Bool?
    public var lowDataMode: Bool?
    /// How fast the battery drains while on battery, from this change on (``ScriptedConditions``).
    public var drain: BatteryRate?
    /// How fast the battery charges while charging, from this change on (``ScriptedConditions``).
    public var charge: BatteryRate?

    public init(
        network: DeviceConditions.Network? = nil, power: DeviceConditions.Power? = nil, battery: Int? = nil,
        idle: Bool? = nil, lowPower: Bool? = nil, backgroundRefresh: Bool? = nil, expensive: Bool? = nil,
        lowDataMode: Bool? = nil, drain: BatteryRate? = nil, charge: BatteryRate? = nil
    ) {
        self.network = network
        self.power = power
        self.battery = battery
        self.idle = idle
        self.lowPower = lowPower
        self.backgroundRefresh = backgroundRefresh
        self.expensive = expensive
        self.lowDataMode = lowDataMode
        self.drain = drain
        self.charge = charge
    }

    /// `conditions` with the keys this change names replaced (and ``DeviceConditions/expensive`` following a
    /// new network unless the change names it).
    public func applied(to conditions: DeviceConditions) -> DeviceConditions {
        var result = conditions
        if let network {
            result.network = network
            result.expensive = network == .cellular
        }
        if let power { result.power = power }
        if let battery { result.battery = battery }
        if let idle { result.idle = idle }
        if let lowPower { result.lowPower = lowPower }
        if let backgroundRefresh { result.backgroundRefresh = backgroundRefresh }
        if let expensive { result.expensive = expensive }
        if let lowDataMode { result.lowDataMode = lowDataMode }
        return result
    }
}
