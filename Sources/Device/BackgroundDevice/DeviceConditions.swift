/// The device state the scheduler's rules depend on.
///
/// The defaults are a device on Wi-Fi, on battery at 100 %, in use, with Low Power Mode off and
/// Background App Refresh on, on a path that is not expensive and not in Low Data Mode. A path is expensive
/// on cellular and not otherwise unless said (``expensive``).
public struct DeviceConditions: Hashable, Sendable {
    /// The network path, as `NWPath`: none, Wi-Fi or cellular.
    public enum Network: String, Hashable, Sendable, CaseIterable {
        case none, wifi, cellular
    }

    /// The power source, as `UIDevice.BatteryState`: unplugged, charging, or plugged in and full.
    public enum Power: String, Hashable, Sendable, CaseIterable {
        case battery, charging, full

        /// True when the device is on external power (`requiresExternalPower` holds).
        public var isExternal: Bool { self != .battery }
    }

    public var network: Network
    public var power: Power
    /// Battery level in percent, 0...100.
    public var battery: Int
    /// True when the user is not using the device (screen off, no interaction).
    public var idle: Bool
    /// Low Power Mode (`ProcessInfo.isLowPowerModeEnabled`).
    public var lowPower: Bool
    /// The Background App Refresh setting (`UIApplication.backgroundRefreshStatus == .available`).
    public var backgroundRefresh: Bool
    /// `NWPath.isExpensive`: the path is cellular or a hotspot the system marks expensive (a background
    /// session's `allowsExpensiveNetworkAccess` governs it).
    public var expensive: Bool
    /// `NWPath.isConstrained`: the network is in Low Data Mode (a background session's
    /// `allowsConstrainedNetworkAccess` governs it).
    public var lowDataMode: Bool

    /// - Parameter expensive: Whether the path is expensive; nil: on cellular only.
    public init(
        network: Network = .wifi, power: Power = .battery, battery: Int = 100, idle: Bool = false,
        lowPower: Bool = false, backgroundRefresh: Bool = true, expensive: Bool? = nil, lowDataMode: Bool = false
    ) {
        self.network = network
        self.power = power
        self.battery = battery
        self.idle = idle
        self.lowPower = lowPower
        self.backgroundRefresh = backgroundRefresh
        self.expensive = expensive ?? (network == .cellular)
        self.lowDataMode = lowDataMode
    }
}
