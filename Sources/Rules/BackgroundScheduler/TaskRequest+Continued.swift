extension TaskRequest {
    /// What a continued processing request (Apple's `BGContinuedProcessingTaskRequest`, iOS 26) adds: work
    /// the user started in the foreground that may go on in the background (an export, an upload of a batch
    /// of photos), shown with its title.
    ///
    /// Its identifier is a permitted wildcard's prefix and a name (`com.example.export.*` permits
    /// `com.example.export.job1`). It is submitted from the foreground only; it launches as soon as the
    /// system has room for it (``SubmissionStrategy/queue``, the default) or is refused with
    /// `immediateRunIneligible` (``SubmissionStrategy/fail``). docs/SCHEDULER.md has the rules and their sources.
    ///
    /// ```swift
    /// let export = TaskRequest(continued: "com.example.export.job1", title: "Exporting", subtitle: "3 videos", strategy: .fail)
    /// try scheduler.submit(export)
    /// ```
    public struct Continued: Hashable, Sendable, CustomStringConvertible {
        /// What the system does when it cannot run the task at once.
        public enum SubmissionStrategy: String, Hashable, Sendable, CaseIterable {
            /// The submission fails with `immediateRunIneligible`.
            case fail
            /// The request waits at the back of a queue and runs as soon as possible (the default).
            case queue
        }

        /// The system resources a task needs beyond the CPU and the network.
        public struct Resources: OptionSet, Hashable, Sendable {
            public let rawValue: Int

            public init(rawValue: Int) {
                self.rawValue = rawValue
            }

            /// The GPU in the background: needs the Background GPU Access entitlement and a device that
            /// supports it (``TaskScheduler/supportedResources``).
            public static let gpu = Resources(rawValue: 1)
        }

        /// The title the system shows while the task runs.
        public var title: String
        /// The subtitle the system shows while the task runs.
        public var subtitle: String
        /// ``SubmissionStrategy/queue`` unless set.
        public var strategy: SubmissionStrategy
        /// None (CPU and network) unless set.
        public var requiredResources: Resources

        public init(title: String, subtitle: String, strategy: SubmissionStrategy = .queue, requiredResources: Resources = []) {
            self.title = title
            self.subtitle = subtitle
            self.strategy = strategy
            self.requiredResources = requiredResources
        }

        /// The wildcard that would permit `identifier`: its part before the last dot, then `.*`
        /// (`com.example.export.job1` → `com.example.export.*`), as the errors that ask for one name it.
        public static func wildcard(permitting identifier: String) -> String {
            let prefix = identifier.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
            return (prefix.isEmpty ? identifier : prefix) + ".*"
        }

        /// What a request's description adds: its title, and its strategy and resources when not the defaults.
        public var description: String {
            " \"\(title)\"" + (strategy == .fail ? ", fails unless it can run at once" : "")
                + (requiredResources.contains(.gpu) ? ", needs the GPU" : "")
        }
    }

    /// A request to continue work the user started in the foreground, shown with `title` and `subtitle`.
    public init(
        continued identifier: String, title: String, subtitle: String, strategy: Continued.SubmissionStrategy = .queue,
        requiredResources: Continued.Resources = []
    ) {
        self.init(
            identifier: identifier,
            parameters: .continued(Continued(title: title, subtitle: subtitle, strategy: strategy, requiredResources: requiredResources)))
    }
}
