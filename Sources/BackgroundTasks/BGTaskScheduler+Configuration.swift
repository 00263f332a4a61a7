extension BGTaskScheduler {
    /// The scheduler's options, with the defaults of iOS and CONTRACTS.md section 4.
    ///
    /// ```swift
    /// var configuration = BGTaskScheduler.Configuration()
    /// configuration.policy = .realistic(seed: 7)
    /// configuration.stateFile = "/var/tmp/app.pending.json"
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
        /// Where pending requests are saved between runs; nil keeps them in memory only.
        public var stateFile: String?

        public init() {}
    }
}
