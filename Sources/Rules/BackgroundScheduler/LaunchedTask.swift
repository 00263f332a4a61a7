/// A background task the scheduler launched: the common part of ``RefreshTask``, ``ProcessingTask`` and
/// ``ContinuedTask``, as `BGTask` is in Apple's BackgroundTasks.
///
/// The launch handler receives the task; it does its work, sets an ``expirationHandler`` to stop early,
/// and calls ``setTaskCompleted(success:)`` when done. The first call counts; later ones do nothing.
/// Shortly before the task's time is up (or when a condition it needs is lost) the scheduler runs the
/// expiration handler, which should stop the work and call ``setTaskCompleted(success:)``: a task still
/// running when the time is up gets the app killed. Without a handler the system ends the task
/// unsuccessfully at once. A task that expired ends unsuccessfully, whatever it reports.
///
/// ```swift
/// scheduler.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
///     let work = engine.schedule(after: .seconds(4)) { task.setTaskCompleted(success: true) }
///     task.expirationHandler = {
///         engine.cancel(work)
///         task.setTaskCompleted(success: false)
///     }
/// }
/// ```
public class LaunchedTask {
    /// The identifier of the request that launched this task.
    public let identifier: String
    /// Runs shortly before the task's time is up; stop the work and call ``setTaskCompleted(success:)``.
    public var expirationHandler: (() -> Void)?

    unowned var scheduler: TaskScheduler?
    /// True once completed (by the app or by expiration).
    private(set) var isCompleted = false
    /// True once expired.
    var isExpired = false

    init(identifier: String) {
        self.identifier = identifier
    }

    /// Tells the scheduler the work is done. Only the first call counts; it also drops the
    /// ``expirationHandler``, so that what the handler captures (the engine, the app) is not kept alive
    /// through the task.
    public func setTaskCompleted(success: Bool) {
        guard !isCompleted else { return }
        isCompleted = true
        expirationHandler = nil
        scheduler?.taskDidComplete(self, success: success && !isExpired)
    }
}
