public import BackgroundCore
import BackgroundDevice

/// What the user and the developer do beside the app's requests: the user cancels a continued task or
/// force-quits the app, opens it (the system's discretion learns it), and the debugger's commands.
extension TaskScheduler {
    // MARK: The user

    /// The user cancels the continued processing task `identifier` in the system's interface: a running
    /// one is expired (its expiration handler runs, `task.expired`), a queued one removed.
    ///
    /// - Returns: False when no continued task with that identifier is running or queued.
    @discardableResult
    public func cancelContinuedTask(identifier: String) -> Bool {
        if let entry = running.first(where: { $0.task.identifier == identifier && $0.request.kind == .continued }) {
            expire(entry.task)
            return true
        }
        guard pending.contains(where: { $0.request.identifier == identifier && $0.request.kind == .continued }) else {
            return false
        }
        removePending(identifier)
        return true
    }

    /// The user removed the app from the app switcher: queued continued processing requests are cancelled
    /// (the app's termination then expires what runs).
    public func appWasForceQuit() {
        for entry in pending where entry.request.kind == .continued { removePending(entry.request.identifier) }
    }

    /// The resources the emulated device supports for continued processing tasks (Apple's class property).
    public var supportedResources: TaskRequest.Continued.Resources { configuration.supportedResources }

    // MARK: The user's usage

    /// The user opened the app now, for a scheduler on its own: its discretion learns it
    /// (``SystemDiscretion/appWasOpened(at:)``), and a request waiting for the app's use may launch. In an
    /// app on a device, the device tells its discretion of each open (`Device.appWasOpened()`, once) and the
    /// scheduler hears the move through ``isAppInForeground``: do not call this there, or the open is told
    /// twice.
    public func appWasOpened() {
        discretion.appWasOpened(at: engine.now)
        reevaluate()
    }

    /// The opens of the app the system saw before the run (`history:`): the discretion learns those it does
    /// not know yet (the device's discretion learnt them from the user), and the pending requests are
    /// looked at again.
    public func learnUsage(history: [SimTime]) {
        discretion.learn(history: history)
        reevaluate()
    }

    // MARK: Debugger commands

    /// Launches the pending task with `identifier` now, whatever its earliest begin date and the
    /// conditions — Apple's debugger command
    /// `e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateLaunchForTaskWithIdentifier:@"ID"]`.
    ///
    /// - Returns: False when no request with that identifier is pending or the app has not finished launching.
    @discardableResult
    public func simulateLaunch(forTaskWithIdentifier identifier: String) -> Bool {
        guard hasFinishedLaunching, pending.contains(where: { $0.request.identifier == identifier }) else {
            return false
        }
        launch(identifier)
        return true
    }

    /// Expires the running task with `identifier` now — Apple's debugger command
    /// `e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateExpirationForTaskWithIdentifier:@"ID"]`.
    ///
    /// - Returns: False when no task with that identifier is running.
    @discardableResult
    public func simulateExpiration(forTaskWithIdentifier identifier: String) -> Bool {
        guard let task = running.first(where: { $0.task.identifier == identifier })?.task else { return false }
        expire(task)
        return true
    }
}
