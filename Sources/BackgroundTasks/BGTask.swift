/// A background task the scheduler launched: the common part of ``BGAppRefreshTask`` and
/// ``BGProcessingTask``, as in Apple's BackgroundTasks.
///
/// The launch handler receives the task; it does its work, sets an ``expirationHandler`` to stop early,
/// and calls ``setTaskCompleted(success:)`` when done. The first call counts; later ones do nothing.
/// When the task expires (its time is up, or a condition it needs is lost) the scheduler runs the
/// expiration handler and ends the task unsuccessfully, whatever the handler reports afterwards.
///
/// ```swift
/// scheduler.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
///     let work = engine.schedule(after: .seconds(4)) { task.setTaskCompleted(success: true) }
///     task.expirationHandler = { engine.cancel(work) }
/// }
/// ```
public class BGTask {
    /// The identifier of the request that launched this task.
    public let identifier: String
    /// Runs when the task's time is up; stop the work quickly. The task then ends unsuccessfully.
    public var expirationHandler: (() -> Void)?

    weak var scheduler: BGTaskScheduler?
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
