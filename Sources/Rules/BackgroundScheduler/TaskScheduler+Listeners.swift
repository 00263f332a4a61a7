public import BackgroundDevice

/// Who hears what the scheduler does: every listener added is called, in the order added; none replaces
/// another.
extension TaskScheduler {
    /// Adds `listener`, called with the new conditions after every change of the device conditions (after
    /// its `conditions` event and after the scheduler has launched or expired tasks for it). The app's
    /// other modes (background transfers, pushes) follow the conditions on the app's `Device`, not here.
    /// Every listener added is called, in the order they were added; none replaces another.
    public func addConditionsListener(_ listener: @escaping (DeviceConditions) -> Void) {
        monitor.addListener(listener)
    }

    /// Adds `listener`, called when a task has completed (after its `task.completed` event) with its
    /// success: the app learns a task's end here, not from the timeline.
    public func addCompletionListener(_ listener: @escaping (_ task: LaunchedTask, _ success: Bool) -> Void) {
        completionListeners.append(listener)
    }

    /// Adds `listener`, called after a registration iOS answers with an exception (a second handler for an
    /// identifier) with its message (after its `error` event): the app hosting the scheduler ends there.
    public func addCrashListener(_ listener: @escaping (_ message: String) -> Void) {
        crashListeners.append(listener)
    }

    /// Adds `listener`, called when a task launches, after its `task.launched` event and before its launch
    /// handler runs: the system wakes the app for it (the emulated app's tasks mode listens here, beside the
    /// app's handler).
    public func addLaunchListener(_ listener: @escaping (_ task: LaunchedTask) -> Void) {
        launchListeners.append(listener)
    }

    /// Adds `listener`, called when a task's time is up and the app has not completed it after its
    /// expiration handler ran: iOS kills the app there. The task then ends unsuccessfully, if the listener
    /// has not ended it.
    public func addTimeUpListener(_ listener: @escaping (_ task: LaunchedTask) -> Void) {
        timeUpListeners.append(listener)
    }
}
