/// Why a pending task request is not launched: the `reason` of a `task.waiting` event (CONTRACTS.md §8).
///
/// The device's state and the user's choices hold a request under both policies (`earliestBegin`,
/// `conditions`, `lowPowerMode`, `backgroundRefreshOff`, `forceQuit`, `beforeFirstUnlock`); the system's
/// discretion under ``LaunchPolicy/realistic(seed:)`` adds `lowBattery`, `appUsage`, `budget` and
/// `rateLimited` (``SystemDiscretion``). docs/SCHEDULER.md says when each is recorded.
///
/// ```swift
/// TaskWaitReason.lowPowerMode.rawValue          // "lowPowerMode"
/// TaskWaitReason.appUsage.isKnownOnlyToTheScheduler   // true: no other event shows it
/// ```
public enum TaskWaitReason: String, CaseIterable, Hashable, Sendable {
    /// Its `earliestBeginDate` has not come.
    case earliestBegin
    /// The device lacks what the request needs: idle for processing, the network or external power it
    /// requires, or a free place for a continued task.
    case conditions
    /// Low Power Mode is on (refresh tasks).
    case lowPowerMode
    /// On battery below the critical level, 20 % (WWDC20 10063; realistic policy).
    case lowBattery
    /// Background App Refresh is off.
    case backgroundRefreshOff
    /// The user force-quit the app and has not opened it since.
    case forceQuit
    /// The device restarted and has not been unlocked since.
    case beforeFirstUnlock
    /// The system waits for the time before the user's next predicted open, has seen no use of the app
    /// for too long, or (processing) the app was not used recently (realistic policy).
    case appUsage
    /// The app's background runtime budget is spent until it refills (realistic policy).
    case budget
    /// The app was launched too recently (realistic policy).
    case rateLimited

    /// Whether only the scheduler knows the reason: when a request starts to wait for one of these, no
    /// other event shows it, so `task.waiting` says it; a request that starts waiting for its earliest
    /// begin, its conditions, Low Power Mode, the Background App Refresh switch or a force quit is shown by
    /// its `task.submitted`, the `conditions` events and the `lifecycle` events (docs/SCHEDULER.md).
    public var isKnownOnlyToTheScheduler: Bool {
        switch self {
        case .beforeFirstUnlock, .lowBattery, .appUsage, .budget, .rateLimited: true
        case .earliestBegin, .conditions, .lowPowerMode, .backgroundRefreshOff, .forceQuit: false
        }
    }
}
