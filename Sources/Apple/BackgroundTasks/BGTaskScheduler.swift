/// The system's scheduler of background tasks, as Apple's `BGTaskScheduler`: register a launch handler for
/// each task before the app finishes launching, submit requests, and the system launches the tasks at its
/// discretion.
///
/// ```swift
/// BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
///     self.handleAppRefresh(task: task as! BGAppRefreshTask)
/// }
/// let request = BGAppRefreshTaskRequest(identifier: "com.example.refresh")
/// request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
/// try BGTaskScheduler.shared.submit(request)
/// ```
/// Without an emulated device (BackgroundTestKit's `EmulatedDevice`), as in Simulator, every submission
/// throws ``Error/Code/unavailable``.
open class BGTaskScheduler: NSObject, @unchecked Sendable {
    /// The app's scheduler.
    public static let shared = BGTaskScheduler()

    /// The launch handlers the app's current process registered, by identifier.
    var handlers: [String: (queue: DispatchQueue?, handler: (BGTask) -> Void)] = [:]
    /// Whether the current process has finished launching (registration closes then).
    var hasFinishedLaunching = false

    override init() {}

    /// Registers the handler that runs when the task with `identifier` launches, on `queue` (nil: a
    /// background queue of the system's; on the emulated device the main thread). Call it before the app
    /// finishes launching, once per identifier: a second registration, or one after launching, raises the
    /// exception that ends the app.
    @discardableResult
    open func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue?,
        launchHandler: @escaping (BGTask) -> Void
    ) -> Bool {
        EmulatedTasks.register(identifier, queue: queue, launchHandler: launchHandler, on: self)
    }

    /// Submits a request, replacing a pending one with the same identifier.
    ///
    /// - Throws: ``Error`` with ``Error/Code/notPermitted``, ``Error/Code/tooManyPendingTaskRequests``,
    ///   ``Error/Code/unavailable`` or ``Error/Code/immediateRunIneligible``.
    open func submit(_ taskRequest: BGTaskRequest) throws {
        try EmulatedTasks.submit(taskRequest)
    }

    /// Cancels the pending request with `identifier`.
    open func cancel(taskRequestWithIdentifier identifier: String) {
        EmulatedTasks.cancel(identifier)
    }

    /// Cancels every pending request.
    open func cancelAllTaskRequests() {
        EmulatedTasks.cancelAll()
    }

    /// Calls `completionHandler` with the pending requests.
    open func getPendingTaskRequests(completionHandler: @escaping ([BGTaskRequest]) -> Void) {
        completionHandler(EmulatedTasks.pending())
    }

    /// The pending requests.
    open func pendingTaskRequests() async -> [BGTaskRequest] {
        EmulatedTasks.pending()
    }
}
