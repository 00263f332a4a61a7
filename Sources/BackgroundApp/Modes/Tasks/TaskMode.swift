public import BackgroundCore
import BackgroundTasks

/// The tasks background mode: the manifest's tasks on a ``BGTaskScheduler`` (through an
/// ``AppSimulator``), with device conditions from the manifest or the machine
/// (``EmulatedApp/Configuration/conditions``). It carries out `submit:` actions; a launched task keeps the
/// app running (``AppLifecycle/Activity/task(_:)``) until it completes or expires, relaunches a
/// terminated app, and has every mode carry out its `onLaunch:` action. The scheduler hears whether the
/// app is in the foreground (where continued tasks are submitted) and its force quits (which cancel
/// queued continued tasks); a second registration of a task identifier ends the app, as iOS's exception does.
///
/// ```swift
/// let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline, modes: [TaskMode()])
/// app.mode(TaskMode.self)?.simulator.scheduler.pendingTaskRequests()
/// ```
public final class TaskMode: BackgroundMode {
    /// The simulator, once the mode is attached.
    public private(set) var simulator: AppSimulator!

    private weak var app: EmulatedApp?

    public init() {}

    /// Creates the scheduler (recording the first `conditions` event).
    ///
    /// - Throws: ``InputError`` when the scheduler's state file cannot be restored or the commands' log
    ///   cannot be opened.
    public func attach(to app: EmulatedApp) throws(InputError) {
        self.app = app
        let conditions: (any DeviceConditionsSource)? = switch app.configuration.conditions {
        case .manifest: nil
        case .machine(let root, let pollInterval):
            LinuxDeviceConditions(root: root, pollInterval: pollInterval, base: DeviceConditions(idle: true))
        }
        simulator = try AppSimulator(
            manifest: app.manifest, engine: app.engine, timeline: app.timeline, configuration: app.configuration.scheduler,
            commands: app.configuration.commands, conditions: conditions)
        simulator.scheduler.onRegistrationCrash = { [weak app] message in
            app?.lifecycle.terminate(reason: "the app crashed: \(message)")
        }
        simulator.onTaskLaunch = { [weak app] task in
            guard let app else { return }
            app.lifecycle.begin(.task(task.identifier), reason: "task \(task.identifier) launched")
            guard let action = app.manifest.task(task.identifier)?.onLaunch else { return }
            for mode in app.modes { mode.perform(action, trigger: TaskTrigger(.taskLaunch)) }
        }
        simulator.onTaskCompletion = { [weak app] task, success in
            // After the scheduler has finished with it: the app may be suspended then.
            guard let app else { return }
            let identifier = task.identifier
            app.engine.schedule(at: app.engine.now) { [weak app] in
                app?.lifecycle.end(.task(identifier), reason: "task \(identifier) \(success ? "completed" : "ended unsuccessfully")")
            }
        }
    }

    /// Registers the handlers (the first time) and submits `submitAtLaunch:`.
    public func appDidLaunch(first: Bool) {
        simulator.launch()
    }

    /// The running tasks expire with the process.
    public func appDidTerminate() {
        simulator.expireRunningTasks()
    }

    /// Queued continued tasks are cancelled.
    public func appWasForceQuit() {
        simulator.scheduler.appWasForceQuit()
    }

    /// The scheduler follows whether the app is in the foreground.
    public func appDidChange(from: LifecycleState, to: LifecycleState) {
        simulator.scheduler.isAppInForeground = to == .foreground
    }

    /// Submits the action's `submit:` task; cancels its `cancel:` continued task as the user does in the
    /// system's interface (``BGTaskScheduler/cancelContinuedTask(identifier:)``).
    public func perform(_ action: ManifestAction, trigger: TaskTrigger) {
        if let identifier = action.submit { simulator.submit(identifier, trigger: trigger) }
        if let identifier = action.cancel { simulator.scheduler.cancelContinuedTask(identifier: identifier) }
    }

    /// Settled when no task request is pending.
    public var isSettled: Bool { simulator.scheduler.pendingTaskRequests().isEmpty }
}

extension AppLifecycle.Activity {
    /// A launched background task, by identifier.
    public static func task(_ identifier: String) -> Self { Self("task.\(identifier)", description: "task \(identifier)") }
}

extension TaskTrigger.Kind {
    /// A task's `onLaunch:`, when the task launches.
    public static let taskLaunch = Self("taskLaunch")
}
