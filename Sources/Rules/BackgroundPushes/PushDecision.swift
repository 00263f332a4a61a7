public import BackgroundCore

/// What the emulated system does with a background push at a moment: ``PushPolicy``'s answer.
///
/// Pushes are named by their number in the run (the timeline's `push` field, CONTRACTS.md section 6).
/// The integration turns each decision into a timeline record: ``deliver(_:)`` into `push.received`,
/// ``throttle(_:until:)`` into `push.throttled`, ``coalesce(_:by:)`` into `push.coalesced`,
/// ``drop(_:reason:)`` into `push.dropped`; ``hold(_:reason:)`` into `push.held` under the realistic policy
/// only (under eager the push waits without a record).
public enum PushDecision: Hashable, Sendable {
    /// Why a push waits without a time set.
    public enum HoldReason: String, Hashable, Sendable {
        /// The device is offline: APNs stores the push (only the latest per app) until it is back.
        case offline
        /// The device restarted and has not been unlocked yet.
        case beforeFirstUnlock
        /// The battery is critically low on battery power (the realistic policy).
        case lowBattery
        /// Low Power Mode is on (the realistic policy).
        case lowPowerMode
    }

    /// Why a push is never delivered.
    public enum DropReason: String, Hashable, Sendable {
        /// The user force-quit the app and has not opened it since (nor restarted the device).
        case forceQuit
        /// Its `apns-expiration` (or APNs' storage limit) passed before it could be delivered.
        case expired
        /// The system ended the app while the device held the push back for the budget.
        case terminated
        /// The device restarted while it held the push.
        case reboot
        /// The user has not opened the app for the discretion's `unusedAfter` (the realistic policy).
        case appUnused
        /// The Background App Refresh switch is off (the realistic policy).
        case backgroundRefreshOff
        /// A VoIP push, after the app repeatedly failed to report VoIP pushes as incoming calls to CallKit.
        case voipCallNotReported
    }

    /// Wake or launch the app in the background and hand it the push now.
    case deliver(Int)
    /// The budget of pushes per hour (or, under the realistic policy, per day) is spent: the push waits until
    /// the given time at the earliest.
    case throttle(Int, until: SimTime)
    /// The push waits for the device (``HoldReason``).
    case hold(Int, reason: HoldReason)
    /// A newer push replaced this pending one, which will never be delivered.
    case coalesce(Int, by: Int)
    /// The push is discarded.
    case drop(Int, reason: DropReason)
}
