public import BackgroundDevice

extension NetworkPath {
    /// The path the device conditions describe: their network, whether it is expensive or in Low Data Mode,
    /// whether the device is on external power (charging or full), its battery critically low, Low Power
    /// Mode on.
    ///
    /// ```swift
    /// device.addConditionsListener { session.update(network: NetworkPath($0)) }
    /// ```
    public init(_ conditions: DeviceConditions) {
        let interface: Interface = switch conditions.network {
        case .none: .none
        case .wifi: .wifi
        case .cellular: .cellular
        }
        self.init(
            interface, expensive: conditions.expensive, constrained: conditions.lowDataMode,
            externalPower: conditions.power.isExternal, batteryCriticallyLow: conditions.isBatteryCriticallyLow,
            lowPowerMode: conditions.lowPower)
    }
}
