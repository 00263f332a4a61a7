extension PushPolicy {
    /// What happened, as the policy hears of it: a push sent, or a change of the device or the app.
    public enum Event: Hashable, Sendable {
        /// The server sent push number `push` through APNs, with its `apns-expiration`.
        case sent(Int, expiration: PushHeaders.Expiration = .unspecified)
        /// The device lost its network (airplane mode, no coverage): APNs stores pushes for it.
        case deviceOffline
        /// The device is reachable again: APNs delivers the push it stored.
        case deviceOnline
        /// The device restarted: the app is not running, and nothing is unlocked until ``unlock``.
        case reboot
        /// The user unlocked the device (the first unlock after a restart releases held pushes).
        case unlock
        /// The user swiped the app away in the app switcher.
        case forceQuit
        /// The user opened the app, which lifts a force quit and gets the push held back for the budget
        /// delivered at once.
        case opened
        /// The system ended the app (it ran out of background time, or for memory): a push held back for
        /// the budget is discarded.
        case terminated
        /// The battery became critically low on battery power (true: below 20 % and not charging), or stopped
        /// being so. Heard only under the realistic policy.
        case batteryCriticallyLow(Bool)
        /// Low Power Mode went on or off. Heard only under the realistic policy.
        case lowPowerMode(Bool)
        /// The Background App Refresh switch went on (true) or off. Heard only under the realistic policy.
        case backgroundRefresh(Bool)
    }
}
