extension BGTaskScheduler {
    /// The scheduler's options, with the defaults of iOS and CONTRACTS.md section 4.
    ///
    /// ```swift
    /// var configuration = BGTaskScheduler.Configuration()
    /// configuration.policy = .realistic(seed: 7)
    /// configuration.taskRequestStore = try AppStateDatabase(path: "/var/lib/app/state.db")
    /// ```
    public struct Configuration: Hashable, Sendable {
        /// When eligible tasks launch (``LaunchPolicy/eager`` by default).
        public var policy: LaunchPolicy = .eager
        /// How long a refresh task runs before it expires: 30 s, as on iOS.
        public var refreshBudget: Duration = .seconds(30)
        /// How many refresh requests may be pending at once: 1, as on iOS.
        public var maxPendingRefreshRequests = 1
        /// How many processing requests may be pending at once: 10, as on iOS.
        public var maxPendingProcessingRequests = 10
        /// Where pending requests are saved between runs (the app's state database); nil keeps them in
        /// memory only.
        public var taskRequestStore: (any TaskRequestStore)?

        public init() {}

        /// Equal when every option is, and both use the same store object (or none).
        public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
            lhs.policy == rhs.policy && lhs.refreshBudget == rhs.refreshBudget
                && lhs.maxPendingRefreshRequests == rhs.maxPendingRefreshRequests
                && lhs.maxPendingProcessingRequests == rhs.maxPendingProcessingRequests
                && lhs.taskRequestStore.map(ObjectIdentifier.init) == rhs.taskRequestStore.map(ObjectIdentifier.init)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(policy)
            hasher.combine(refreshBudget)
            hasher.combine(maxPendingRefreshRequests)
            hasher.combine(maxPendingProcessingRequests)
            hasher.combine(taskRequestStore.map(ObjectIdentifier.init))
        }
    }
}
