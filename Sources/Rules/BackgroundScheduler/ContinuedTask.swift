/// A continued processing task (Apple's `BGContinuedProcessingTask`, iOS 26), launched from a
/// continued ``TaskRequest``: work the user started, shown with its ``title`` and ``progress``
/// while it runs.
///
/// It runs until it completes, the user cancels it (``TaskScheduler/cancelContinuedTask(identifier:)``),
/// or it reports no progress for the scheduler's stall limit; each of the last two runs the expiration
/// handler and ends it unsuccessfully.
///
/// ```swift
/// scheduler.register(forTaskWithIdentifier: "com.example.export.*", using: nil) { task in
///     let export = task as! ContinuedTask
///     export.progress.totalUnitCount = 3
///     export.updateTitle("Exporting", subtitle: "video 1 of 3")
/// }
/// ```
public final class ContinuedTask: LaunchedTask {
    /// The title shown to the user.
    public private(set) var title: String
    /// The subtitle shown to the user.
    public private(set) var subtitle: String
    /// The task's progress: report it regularly.
    public let progress = TaskProgress()

    init(identifier: String, title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        super.init(identifier: identifier)
    }

    /// Changes the title and subtitle the system shows.
    public func updateTitle(_ title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }
}
