/// The system's scheduler of background tasks, as Apple's `BGTaskScheduler`: register a launch handler for
/// each task before the app finishes launching, submit requests, and the system launches the tasks at its
/// discretion.
///
/// It holds nothing and decides nothing: each call goes to the emulated device's scheduler (BackgroundScheduler's
/// `TaskScheduler`), which keeps the registrations and the pending requests and applies every rule — a second
/// registration, one after launch, an identifier not permitted, a continued task's wildcard, a launch with
/// no handler.
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
/// throws ``Error/Code/unavailable`` and nothing is registered.
///
/// `@unchecked Sendable` as Apple's class is: it has no state, and every call runs on the main queue.
open class BGTaskScheduler: NSObject, @unchecked Sendable {
    /// The app's scheduler.
    public static let shared = BGTaskScheduler()

    override init() {}

    /// Registers the handler that runs when the task with `identifier` launches, on `queue`: the app's
    /// queue, or with nil at once on the main queue, where the emulated device runs (on iOS a background
    /// queue of the system's). The device's clock waits while a handler is still to run on `queue`. Call it
    /// before the app finishes launching, once per identifier: a second registration, or one after
    /// launching, raises the exception that ends the app (a continued task's may come later).
    ///
    /// - Returns: False when the handler was not registered (an `error` event says why), and without an
    ///   emulated device.
    @discardableResult
    open func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue?,
        launchHandler: @escaping (BGTask) -> Void
    ) -> Bool {
        EmulatedTasks.register(identifier, queue: queue, launchHandler: launchHandler)
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
