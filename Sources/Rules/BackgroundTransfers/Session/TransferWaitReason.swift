/// Why a transfer is not running: the `reason` of `transfer.waiting` (URLSession's
/// `urlSession(_:taskIsWaitingForConnectivity:)`, and the system's own holds).
public enum TransferWaitReason: String, Hashable, Sendable, CaseIterable {
    /// No network at all.
    case noNetwork
    /// Only cellular, and the session has `allowsCellularAccess` off.
    case cellularNotAllowed
    /// The network is expensive, and the session has `allowsExpensiveNetworkAccess` off.
    case expensiveNotAllowed
    /// The network is in Low Data Mode, and the session has `allowsConstrainedNetworkAccess` off.
    case constrainedNotAllowed
    /// The transfer is discretionary and waits for Wi-Fi and external power (`--policy eager`).
    case discretionary
    /// Discretionary, under the system's discretion (`--policy realistic`): the battery is critically low on
    /// battery power.
    case lowBattery
    /// Discretionary, under the system's discretion: Low Power Mode is on.
    case lowPowerMode
    /// Discretionary, under the system's discretion, on cellular: the day's cellular data budget cannot
    /// pay for it yet.
    case budget
    /// Created while the app was in the background: held by the resume rate limiter.
    case rateLimited
    /// Not before its `earliestBeginDate`.
    case earliestBegin

    /// Whether the reason is about the network (a running transfer is interrupted by it and goes on when
    /// the network changes), rather than about time (it goes on at a known moment) or the system's
    /// discretion under the realistic policy (a running transfer finishes).
    var isNetwork: Bool {
        switch self {
        case .rateLimited, .earliestBegin, .lowBattery, .lowPowerMode, .budget: false
        case .noNetwork, .cellularNotAllowed, .expensiveNotAllowed, .constrainedNotAllowed, .discretionary: true
        }
    }

    /// Whether the transfer waits for a network it may use (URLSession's "waiting for connectivity"), not
    /// for a moment or the system's discretion.
    var isConnectivity: Bool { isNetwork && self != .discretionary }
}
