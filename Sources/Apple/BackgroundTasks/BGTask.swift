import BackgroundScheduler

/// A task the system launched, as Apple's `BGTask`: the launch handler does its work, sets an
/// ``expirationHandler`` that stops it, and calls ``setTaskCompleted(success:)`` when it is done. A task
/// still running when its time is up gets the app terminated.
///
/// `@unchecked Sendable` as Apple's class is: every call reaches the scheduler's task on the main queue.
open class BGTask: NSObject, @unchecked Sendable {
    /// The scheduler's task behind this one.
    let emulated: LaunchedTask
    /// The handler as the app set it.
    var storedExpirationHandler: (() -> Void)?

    /// The identifier of the request that launched the task.
    open var identifier: String { emulated.identifier }

    init(_ emulated: LaunchedTask) {
        self.emulated = emulated
    }

    /// The task for one the scheduler launched: the subclass of its kind.
    static func launched(_ task: LaunchedTask) -> BGTask {
        switch task {
        case is ContinuedTask: BGContinuedProcessingTask(task)
        case is ProcessingTask: BGProcessingTask(task)
        default: BGAppRefreshTask(task)
        }
    }

    /// Runs shortly before the task's time is up: stop the work and call ``setTaskCompleted(success:)``.
    open var expirationHandler: (() -> Void)? {
        get { storedExpirationHandler }
        set { EmulatedTasks.setExpirationHandler(newValue, of: self) }
    }

    /// Tells the system the work is done; only the first call counts.
    open func setTaskCompleted(success: Bool) {
        EmulatedTasks.complete(self, success: success)
    }
}
