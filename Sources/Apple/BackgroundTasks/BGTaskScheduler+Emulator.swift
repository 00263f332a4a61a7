import BackgroundApp
import BackgroundCore
package import BackgroundScheduler
import EmulatedFoundation

// The adapter of BackgroundTasks to the tasks mode's scheduler (`TaskMode.scheduler`) and the app's lifecycle:
// registration, submission and completion forwarded to the scheduler; a launch reaches the app's handler through
// the app seam (AppCode.application(_:didLaunch:), which BackgroundTestKit's DeviceCode hands to launch(_:)).

/// BackgroundTasks' calls carried out on the running device's scheduler, on the main thread.
package enum EmulatedTasks {
    private static var scheduler: TaskScheduler? {
        EmulatedSystem.current?.app.mode(TaskMode.self)?.scheduler
    }

    static func register(
        _ identifier: String, queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void, on shared: BGTaskScheduler
    ) -> Bool {
        EmulatedSystem.sync {
            guard let system = EmulatedSystem.current, let scheduler else {
                shared.handlers[identifier] = (queue, launchHandler)
                return true
            }
            let isContinued = identifier.contains("*") || !scheduler.permittedIdentifiers.contains(identifier)
            let problem: String? =
                if shared.handlers[identifier] != nil {
                    "Launch handler for task with identifier \(identifier) has already been registered"
                } else if shared.hasFinishedLaunching && !isContinued {
                    TaskScheduler.lateRegistrationMessage
                } else {
                    nil
                }
            if let problem {
                let message = "\(problem) (NSInternalInconsistencyException)"
                system.app.timeline.record(.error(message: "cannot register \(identifier): \(message)", code: "registration"))
                system.app.lifecycle.terminate(reason: "the app crashed: \(message)")
                return false
            }
            // A continued task's handler, which may come after launching, reaches the emulator on its first
            // registration; the permitted identifiers' were forwarded at the first launch.
            if isContinued, !forwarded.contains(identifier) {
                guard scheduler.register(forTaskWithIdentifier: identifier, launchHandler: forwarder(identifier)) else { return false }
                forwarded.insert(identifier)
            }
            guard forwarded.contains(identifier) else {
                system.app.timeline.record(.error(
                    message: "cannot register \(identifier): it is not in the permitted identifiers (BGTaskSchedulerPermittedIdentifiers)",
                    code: "registration"))
                return false
            }
            shared.handlers[identifier] = (queue, launchHandler)
            return true
        }
    }

    /// The identifiers whose launches reach ``BGTaskScheduler/shared`` (the emulator keeps its handlers for
    /// the device's life; the app's process registers its own each launch).
    private nonisolated(unsafe) static var forwarded: Set<String> = []

    /// At the device's first launch, before the app's `didFinishLaunching`: every exact permitted identifier's
    /// launches reach the handlers the app's current process registers.
    package static func deviceWillLaunchApp() {
        guard let scheduler else { return }
        forwarded = []
        for identifier in scheduler.permittedIdentifiers.sorted() where !identifier.hasSuffix("*") {
            if scheduler.register(forTaskWithIdentifier: identifier, launchHandler: forwarder(identifier)) { forwarded.insert(identifier) }
        }
    }

    private static func forwarder(_ identifier: String) -> (LaunchedTask) -> Void {
        { emulated in
            guard let system = EmulatedSystem.current else { return }
            // The task wakes or relaunches the app (whose new process registers its handlers) first.
            system.app.lifecycle.begin(.task(identifier), reason: "task \(identifier) launched")
            system.app.code.application(system.app, didLaunch: emulated)
        }
    }

    /// The scheduler launched `emulated`: the handler the app's process registered for its identifier (or a
    /// wildcard of it) runs with it; without one the app crashes, as iOS's does.
    package static func launch(_ emulated: LaunchedTask) {
        guard let system = EmulatedSystem.current else { return }
        let identifier = emulated.identifier
        let shared = BGTaskScheduler.shared
        guard let entry = shared.handlers[identifier] ?? shared.handlers[wildcard(of: identifier, in: shared)] else {
            let message = "\(TaskScheduler.noHandlerMessage(identifier)) (NSInternalInconsistencyException)"
            system.app.timeline.record(.error(message: message, code: "noLaunchHandler"))
            return system.app.lifecycle.terminate(reason: "the app crashed: \(message)")
        }
        let task: BGTask = switch emulated {
        case is ContinuedTask: BGContinuedProcessingTask(emulated)
        case is ProcessingTask: BGProcessingTask(emulated)
        default: BGAppRefreshTask(emulated)
        }
        entry.handler(task)
    }

    private static func wildcard(of identifier: String, in shared: BGTaskScheduler) -> String {
        shared.handlers.keys.first { $0.hasSuffix("*") && identifier.hasPrefix($0.dropLast()) } ?? identifier
    }

    /// The app's process ended: its registrations end with it.
    package static func processDidEnd() {
        BGTaskScheduler.shared.handlers = [:]
        BGTaskScheduler.shared.hasFinishedLaunching = false
    }

    /// The app's `didFinishLaunching` returned: registration closes.
    package static func processDidFinishLaunching() {
        BGTaskScheduler.shared.hasFinishedLaunching = true
    }

    static func submit(_ request: BGTaskRequest) throws {
        try EmulatedSystem.sync {
            guard let scheduler else { throw BGTaskScheduler.Error(.unavailable) }
            do {
                try scheduler.submit(emulated(request))
            } catch let error as TaskScheduler.Error {
                throw BGTaskScheduler.Error(BGTaskScheduler.Error.Code(rawValue: error.code.rawValue) ?? .unavailable)
            }
        }
    }

    private static func emulated(_ request: BGTaskRequest) -> TaskRequest {
        let emulated: TaskRequest
        switch request {
        case let continued as BGContinuedProcessingTaskRequest:
            let copy = ContinuedTaskRequest(
                identifier: continued.identifier, title: continued.title, subtitle: continued.subtitle)
            copy.strategy = continued.strategy == .fail ? .fail : .queue
            copy.requiredResources = continued.requiredResources.contains(.gpu) ? .gpu : []
            emulated = copy
        case let processing as BGProcessingTaskRequest:
            let copy = ProcessingTaskRequest(identifier: processing.identifier)
            copy.requiresNetworkConnectivity = processing.requiresNetworkConnectivity
            copy.requiresExternalPower = processing.requiresExternalPower
            emulated = copy
        default:
            emulated = RefreshTaskRequest(identifier: request.identifier)
        }
        emulated.earliestBeginDate = request.earliestBeginDate.map(SimTime.init)
        return emulated
    }

    static func cancel(_ identifier: String) {
        EmulatedSystem.sync { scheduler?.cancel(taskRequestWithIdentifier: identifier) }
    }

    static func cancelAll() {
        EmulatedSystem.sync { scheduler?.cancelAllTaskRequests() }
    }

    static func pending() -> [BGTaskRequest] {
        EmulatedSystem.sync {
            (scheduler?.pendingTaskRequests() ?? []).map { emulated in
                let request: BGTaskRequest = switch emulated {
                case let continued as ContinuedTaskRequest:
                    BGContinuedProcessingTaskRequest(identifier: continued.identifier, title: continued.title, subtitle: continued.subtitle)
                case let processing as ProcessingTaskRequest:
                    {
                        let copy = BGProcessingTaskRequest(identifier: processing.identifier)
                        copy.requiresNetworkConnectivity = processing.requiresNetworkConnectivity
                        copy.requiresExternalPower = processing.requiresExternalPower
                        return copy
                    }()
                default: BGAppRefreshTaskRequest(identifier: emulated.identifier)
                }
                request.earliestBeginDate = emulated.earliestBeginDate?.date
                return request
            }
        }
    }

    static func setExpirationHandler(_ handler: (() -> Void)?, of task: BGTask) {
        EmulatedSystem.sync {
            task.storedExpirationHandler = handler
            task.emulated.expirationHandler = handler.map { handler in { handler() } }
        }
    }

    static func complete(_ task: BGTask, success: Bool) {
        EmulatedSystem.sync { task.emulated.setTaskCompleted(success: success) }
    }

    static func updateTitle(of task: BGContinuedProcessingTask, _ title: String, subtitle: String) {
        EmulatedSystem.sync { (task.emulated as? ContinuedTask)?.updateTitle(title, subtitle: subtitle) }
    }
}
