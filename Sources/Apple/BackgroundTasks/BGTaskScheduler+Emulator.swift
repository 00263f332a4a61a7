import BackgroundApp
import BackgroundScheduler
import EmulatedFoundation

// BackgroundTasks' calls carried out on the running device's scheduler (the tasks mode's `TaskScheduler`),
// on the main queue: the scheduler holds the registrations and the requests and applies every rule; here
// each call is only converted and forwarded.

/// BackgroundTasks' calls carried out on the running device's scheduler, on the main queue.
package enum EmulatedTasks {
    private static var scheduler: TaskScheduler? {
        EmulatedSystem.current?.app.mode(TaskMode.self)?.scheduler
    }

    /// Registers `launchHandler` with the device's scheduler: at a launch it receives the task of its kind,
    /// on `queue` when given (counted as the device's pending work until it has run), else at once.
    static func register(_ identifier: String, queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void) -> Bool {
        EmulatedSystem.sync {
            guard let system = EmulatedSystem.current, let scheduler else { return false }
            return scheduler.register(forTaskWithIdentifier: identifier) { launched in
                let task = BGTask.launched(launched)
                guard let queue else { return launchHandler(task) }
                // Handed to the app's queue as iOS hands it: the handler is the app's, run once there.
                nonisolated(unsafe) let handler = launchHandler
                system.post(on: queue) { handler(task) }
            }
        }
    }

    /// The app's process ended: its registrations end with it (the device's scheduler forgets them).
    package static func processDidEnd() {
        EmulatedSystem.sync { scheduler?.processDidEnd() }
    }

    static func submit(_ request: BGTaskRequest) throws {
        try EmulatedSystem.sync {
            guard let scheduler else { throw BGTaskScheduler.Error(.unavailable) }
            do throws(TaskScheduler.Error) {
                try scheduler.submit(request.taskRequest)
            } catch {
                throw BGTaskScheduler.Error(error)
            }
        }
    }

    static func cancel(_ identifier: String) {
        EmulatedSystem.sync { scheduler?.cancel(taskRequestWithIdentifier: identifier) }
    }

    static func cancelAll() {
        EmulatedSystem.sync { scheduler?.cancelAllTaskRequests() }
    }

    static func pending() -> [BGTaskRequest] {
        EmulatedSystem.sync { (scheduler?.pendingTaskRequests() ?? []).map(BGTaskRequest.pending) }
    }

    static func setExpirationHandler(_ handler: (() -> Void)?, of task: BGTask) {
        EmulatedSystem.sync {
            task.storedExpirationHandler = handler
            task.emulated.expirationHandler = handler
        }
    }

    static func complete(_ task: BGTask, success: Bool) {
        EmulatedSystem.sync { task.emulated.setTaskCompleted(success: success) }
    }

    static func updateTitle(of task: BGContinuedProcessingTask, _ title: String, subtitle: String) {
        EmulatedSystem.sync { (task.emulated as? ContinuedTask)?.updateTitle(title, subtitle: subtitle) }
    }
}
