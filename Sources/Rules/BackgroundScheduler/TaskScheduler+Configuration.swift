public import BackgroundDevice

extension TaskScheduler {
    /// The scheduler's options, with the defaults of iOS and CONTRACTS.md section 4.
    ///
    /// ```swift
    /// var configuration = TaskScheduler.Configuration()
    /// configuration.policy = .realistic(seed: 7)
    /// configuration.taskRequestStore = try AppStateDatabase(path: "/var/lib/app/state.db")
    /// ```
    public struct Configuration: Hashable, Sendable {
        /// When eligible tasks launch (``LaunchPolicy/eager`` by default).
        public var policy: LaunchPolicy = .eager
        /// How long a launch of the app for refresh tasks lasts: 30 s, as on iOS (WWDC19 707). Tasks of one
        /// launch share it.
        public var refreshBudget: Duration = .seconds(30)
        /// Under the realistic policy, the time of a refresh launch when set, instead of ``refreshBudget``
        /// (default nil). Developers see refresh tasks expire after a few seconds in the field, far short
        /// of 30 s (Apple Developer Forums thread 780956); `.seconds(10)` tests an app against that (its expiration
        /// handler then runs after 5 s).
        public var realisticRefreshBudget: Duration?
        /// How long before a task's time is up its expiration handler runs (default 5 s, the emulator's
        /// choice: Apple says only "shortly before the task's background time expires").
        public var expirationLead: Duration = .seconds(5)
        /// How far ahead of its submission an `earliestBeginDate` may be before it is flagged (a week:
        /// WWDC19 707 advises not setting it further ahead).
        public var maxEarliestBeginAhead: Duration = .seconds(7 * 86_400)
        /// How many refresh requests may be pending at once: 1, as on iOS.
        public var maxPendingRefreshRequests = 1
        /// How many processing requests may be pending at once: 10, as on iOS.
        public var maxPendingProcessingRequests = 10
        /// How many continued processing tasks run at once (default 2, the emulator's choice: Apple names
        /// no number); more wait in the queue, or are refused with `immediateRunIneligible`.
        public var maxRunningContinuedTasks = 2
        /// How long a continued processing task may go without reporting progress before it is expired
        /// (default 60 s, the emulator's choice: Apple says only that tasks showing little or no progress
        /// are the first terminated).
        public var continuedStallLimit: Duration = .seconds(60)
        /// The resources the emulated device supports for continued tasks (``TaskScheduler/supportedResources``):
        /// the GPU by default; empty emulates a device without background GPU.
        public var supportedResources: TaskRequest.Continued.Resources = .gpu
        /// The realistic policy's processing window: a processing task launches within this time of its
        /// earliest begin (default two days) …
        public var processingWindow: Duration = .seconds(2 * 86_400)
        /// … as long as the app was used (in the foreground) within this time (default a week).
        public var processingUsageWindow: Duration = .seconds(7 * 86_400)
        /// Where pending requests are saved between runs (the app's state database); nil keeps them in
        /// memory only.
        public var taskRequestStore: (any TaskRequestStore)?

        public init() {}

        /// Equal when every option is, and both use the same store object (or none).
        public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
            lhs.policy == rhs.policy && lhs.refreshBudget == rhs.refreshBudget
                && lhs.expirationLead == rhs.expirationLead && lhs.maxEarliestBeginAhead == rhs.maxEarliestBeginAhead
                && lhs.realisticRefreshBudget == rhs.realisticRefreshBudget
                && lhs.maxPendingRefreshRequests == rhs.maxPendingRefreshRequests
                && lhs.maxPendingProcessingRequests == rhs.maxPendingProcessingRequests
                && lhs.maxRunningContinuedTasks == rhs.maxRunningContinuedTasks
                && lhs.continuedStallLimit == rhs.continuedStallLimit && lhs.supportedResources == rhs.supportedResources
                && lhs.processingWindow == rhs.processingWindow && lhs.processingUsageWindow == rhs.processingUsageWindow
                && lhs.taskRequestStore.map(ObjectIdentifier.init) == rhs.taskRequestStore.map(ObjectIdentifier.init)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(policy)
            hasher.combine(refreshBudget)
            hasher.combine(expirationLead)
            hasher.combine(realisticRefreshBudget)
            hasher.combine(maxEarliestBeginAhead)
            hasher.combine(maxPendingRefreshRequests)
            hasher.combine(maxPendingProcessingRequests)
            hasher.combine(maxRunningContinuedTasks)
            hasher.combine(continuedStallLimit)
            hasher.combine(supportedResources)
            hasher.combine(processingWindow)
            hasher.combine(processingUsageWindow)
            hasher.combine(taskRequestStore.map(ObjectIdentifier.init))
        }
    }
}
