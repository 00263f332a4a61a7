extension PushPolicy {
    /// The policy's options; the defaults and their sources are in docs/PUSH.md.
    ///
    /// ```swift
    /// var configuration = PushPolicy.Configuration()
    /// configuration.budget = 2                      // two pushes per rolling hour
    /// configuration.rebootClearsForceQuit = false   // as DTS describes it, not the old guide
    /// ```
    public struct Configuration: Hashable, Sendable {
        /// How many pushes are delivered per ``budgetWindow``: 3, the top of Apple's "don't try to send
        /// more than two or three per hour". At least 1.
        public var budget = 3
        /// The rolling window of the budget: one hour.
        public var budgetWindow: Duration = .seconds(3_600)
        /// How long APNs keeps a push with no `apns-expiration` for an offline device: 30 days, the most
        /// Apple documents.
        public var apnsStorageLimit: Duration = .seconds(30 * 86_400)
        /// Whether a restart lifts a force quit (default false: "The “has the user launched this app” flag
        /// persists across restarts.", Apple DTS, forum thread 15808; docs/PUSH.md). The emulated app sets it
        /// from its own `rebootLiftsForceQuit`.
        public var rebootClearsForceQuit = false
        /// Whether pushes wait for the first unlock after a restart: true (the app's files are still
        /// encrypted until then under the default data protection).
        public var holdUntilFirstUnlock = true
        public init() {}
    }
}
