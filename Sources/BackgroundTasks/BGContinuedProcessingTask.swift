import BackgroundScheduler

/// A launched continued processing task (iOS 26), with its ``progress``.
///
/// Linux's Foundation has no key-value observing, so the emulated system does not see `progress` change:
/// the task's stall limit counts from its launch (docs/guides/your-own-code.md).
open class BGContinuedProcessingTask: BGTask, @unchecked Sendable {
    /// The task's progress: the system shows it, and each change of `completedUnitCount` is a report.
    public let progress = Progress(totalUnitCount: 0)
    /// The title the system shows.
    open var title: String { (emulated as? BackgroundScheduler.BGContinuedProcessingTask)?.title ?? "" }
    /// The subtitle the system shows.
    open var subtitle: String { (emulated as? BackgroundScheduler.BGContinuedProcessingTask)?.subtitle ?? "" }

    /// Changes the title and subtitle the system shows.
    open func updateTitle(_ title: String, subtitle: String) {
        EmulatedTasks.updateTitle(of: self, title, subtitle: subtitle)
    }
}
