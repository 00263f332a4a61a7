public import BackgroundDevice

extension TransferWaitReason {
    /// The `transfer.waiting` reason of what the system's discretion gave for a discretionary transfer
    /// (``SystemDiscretion/Reason``): the same name (`lowBattery`, `lowPowerMode`, `budget`); a reason the
    /// discretion gives only to other work is `discretionary`.
    public init(_ reason: SystemDiscretion.Reason) {
        switch reason {
        case .lowBattery: self = .lowBattery
        case .lowPowerMode: self = .lowPowerMode
        case .budget: self = .budget
        case .rateLimited: self = .rateLimited
        case .appUsage, .appUnused, .backgroundRefreshOff: self = .discretionary
        }
    }
}
