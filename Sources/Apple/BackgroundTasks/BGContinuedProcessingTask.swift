import BackgroundScheduler

/// A launched continued processing task (iOS 26), with its ``progress``.
///
/// Each change of `progress.totalUnitCount` or `completedUnitCount` is a report to the system (a
/// `task.progress` event; the stall limit counts from the last one), as on iOS: the progress is a
/// `Progress` whose counts tell the emulated task when set (Linux's Foundation has no key-value observing
/// for the system to watch it by).
///
/// `@unchecked Sendable` as ``BGTask`` is: every call reaches the scheduler's task on the main queue.
open class BGContinuedProcessingTask: BGTask, @unchecked Sendable {
    /// The task's progress: the system shows it, and each change of its counts is a report.
    public let progress: Progress
    /// The title the system shows.
    open var title: String { (emulated as? ContinuedTask)?.title ?? "" }
    /// The subtitle the system shows.
    open var subtitle: String { (emulated as? ContinuedTask)?.subtitle ?? "" }

    override init(_ emulated: LaunchedTask) {
        progress = ReportedProgress(reportingTo: (emulated as? ContinuedTask)?.progress)
        super.init(emulated)
    }

    /// Changes the title and subtitle the system shows.
    open func updateTitle(_ title: String, subtitle: String) {
        EmulatedTasks.updateTitle(of: self, title, subtitle: subtitle)
    }
}
