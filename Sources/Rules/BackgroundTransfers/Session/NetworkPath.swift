/// The network the device has now, as the session judges it: the interface, whether it is expensive or
/// constrained (Low Data Mode), and the power: external power, a critically low battery, Low Power Mode
/// (what discretionary transfers wait on).
///
/// The host feeds a new path on every change of the device's conditions
/// (``BackgroundSession/update(network:)``); the session decides from it which transfers may run.
///
/// ```swift
/// session.update(network: NetworkPath(.cellular))                      // expensive, as cellular is by default
/// session.update(network: NetworkPath(.wifi, externalPower: true))     // where discretionary transfers run
/// ```
public struct NetworkPath: Hashable, Sendable {
    /// The interface traffic goes through.
    public enum Interface: String, Hashable, Sendable {
        case none, wifi, cellular
    }

    public var interface: Interface
    /// `NWPath.isExpensive`: cellular, or a hotspot the system marks expensive.
    public var isExpensive: Bool
    /// `NWPath.isConstrained`: the network is in Low Data Mode.
    public var isConstrained: Bool
    /// The device is charging or full: with Wi-Fi, the moment discretionary transfers wait for.
    public var hasExternalPower: Bool
    /// The battery is critically low on battery power (below 20 %, not charging).
    public var isBatteryCriticallyLow: Bool
    /// Low Power Mode is on.
    public var isLowPowerMode: Bool

    /// A path on `interface`; `expensive` defaults to true on cellular and false elsewhere, as iOS marks them.
    public init(
        _ interface: Interface, expensive: Bool? = nil, constrained: Bool = false, externalPower: Bool = false,
        batteryCriticallyLow: Bool = false, lowPowerMode: Bool = false
    ) {
        self.interface = interface
        self.isExpensive = expensive ?? (interface == .cellular)
        self.isConstrained = constrained
        self.hasExternalPower = externalPower
        self.isBatteryCriticallyLow = batteryCriticallyLow
        self.isLowPowerMode = lowPowerMode
    }

    /// Why a transfer of a session configured as `configuration` cannot use this path, or nil when it can
    /// (the network only; the system's discretion is the session's).
    func waitReason(_ configuration: SessionConfiguration) -> TransferWaitReason? {
        if interface == .none { return .noNetwork }
        if interface == .cellular, !configuration.allowsCellularAccess { return .cellularNotAllowed }
        if isExpensive, !configuration.allowsExpensiveNetworkAccess { return .expensiveNotAllowed }
        if isConstrained, !configuration.allowsConstrainedNetworkAccess { return .constrainedNotAllowed }
        return nil
    }
}
