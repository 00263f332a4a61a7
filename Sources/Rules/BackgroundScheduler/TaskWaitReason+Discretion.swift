public import BackgroundDevice

extension TaskWaitReason {
    /// The `task.waiting` reason of what the system's discretion gave for a task (``SystemDiscretion/Reason``):
    /// the same name; an app unused (pushes' word) is `appUsage` for a task.
    public init(_ reason: SystemDiscretion.Reason) {
        switch reason {
        case .appUsage, .appUnused: self = .appUsage
        case .backgroundRefreshOff: self = .backgroundRefreshOff
        case .lowBattery: self = .lowBattery
        case .lowPowerMode: self = .lowPowerMode
        case .budget: self = .budget
        case .rateLimited: self = .rateLimited
        }
    }
}
