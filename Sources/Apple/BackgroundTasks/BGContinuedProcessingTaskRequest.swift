import BackgroundScheduler

/// A request to continue work the user started in the foreground, with progress shown by the system
/// (iOS 26): its identifier is under a permitted `prefix.*`.
///
/// `@unchecked Sendable` as Apple's class is: its properties are set by the app before it submits.
open class BGContinuedProcessingTaskRequest: BGTaskRequest, @unchecked Sendable {
    /// What the system does when the task cannot start at once.
    public enum SubmissionStrategy: Int, Sendable {
        /// Reject the submission (`BGTaskScheduler.Error.Code.immediateRunIneligible`).
        case fail = 0
        /// Queue it until it can start.
        case queue = 1
    }

    /// Resources the task needs besides the CPU.
    public struct Resources: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The CPU only.
        public static let `default` = Resources([])
        /// The GPU.
        public static let gpu = Resources(rawValue: 1 << 0)
    }

    /// The title the system shows.
    open var title: String
    /// The subtitle the system shows.
    open var subtitle: String
    /// Whether a submission that cannot start at once fails or waits (default `.queue`).
    open var strategy = SubmissionStrategy.queue
    /// The resources the task needs.
    open var requiredResources = Resources.default

    public init(identifier: String, title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        super.init(identifier: identifier)
    }

    /// A pending request's copy.
    init(identifier: String, _ continued: TaskRequest.Continued) {
        title = continued.title
        subtitle = continued.subtitle
        strategy = continued.strategy == .fail ? .fail : .queue
        requiredResources = continued.requiredResources.contains(.gpu) ? .gpu : .default
        super.init(identifier: identifier)
    }

    override var parameters: TaskRequest.Parameters {
        .continued(.init(
            title: title, subtitle: subtitle, strategy: strategy == .fail ? .fail : .queue,
            requiredResources: requiredResources.contains(.gpu) ? .gpu : []))
    }
}
