public import BackgroundDevice

extension PushPolicy {
    /// What the policy hears when the device's conditions become `new` (from `old`; nil at first), in order:
    /// at first, the device going offline (when it is), then, under the realistic `policy` (the device's),
    /// a critically low battery (the discretion's one rule), Low Power Mode and the Background App Refresh switch;
    /// later, those of the three that changed, then the device going offline or online.
    ///
    /// ```swift
    /// for event in policy.events(from: last, to: device.conditions, under: device.policy) {
    ///     decisions += policy.handle(event, at: now, discretion: device.discretion.pushes)
    /// }
    /// ```
    public func events(from old: DeviceConditions?, to new: DeviceConditions, under policy: LaunchPolicy) -> [Event] {
        func system(_ conditions: DeviceConditions) -> [Event] {
            guard policy.isRealistic else { return [] }
            return [
                .batteryCriticallyLow(policy.holdsForLowBattery(conditions)), .lowPowerMode(conditions.lowPower),
                .backgroundRefresh(conditions.backgroundRefresh),
            ]
        }
        let isOffline = new.network == .none
        guard let old else { return (isOffline ? [.deviceOffline] : []) + system(new) }
        let network: [Event] = isOffline == (old.network == .none) ? [] : [isOffline ? .deviceOffline : .deviceOnline]
        return zip(system(old), system(new)).filter { $0 != $1 }.map(\.1) + network
    }
}
