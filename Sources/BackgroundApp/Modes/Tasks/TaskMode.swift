public import BackgroundCore
import BackgroundTasks

/// The tasks background mode: the manifest's tasks on a ``BGTaskScheduler`` (through an
/// ``AppSimulator``), with device conditions from the manifest or the machine
/// (``EmulatedApp/Configuration/conditions``). It carries out `submit:` actions; a launched task keeps the
/// app running (``AppLifecycle/Activity/task(_:)``) until it completes or expires, relaunches a
/// terminated app, and has every mode carry out its `onLaunch:` action. The scheduler hears whether the
/// app is in the foreground (where continued tasks are submitted) and its force quits (which cancel
/// queued continued tasks). The exceptions iOS raises crash the app (a second registration of a task
/// identifier, one after launch, a launch with no handler: `register:`), and a task still running when
/// its time is up gets the app terminated (`onExpiration: ignore`).
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
        simulator = try AppSimulator(
            manifest: app.manifest, engine: app.engine, timeline: app.timeline, configuration: app.configuration.scheduler,
            commands: app.configuration.commands, conditions: app.device.conditionsFeed)
        simulator.scheduler.addCrashListener { [weak app] message in
            app?.lifecycle.terminate(reason: "the app crashed: \(message)")
        }
        simulator.addKillListener { [weak app] reason in app?.lifecycle.terminate(reason: reason) }
        simulator.scheduler.addTimeUpListener { [weak app] task in
            app?.lifecycle.terminate(reason: "task \(task.identifier): its time was up and the app had not called setTaskCompleted(success:)")
        }
        simulator.addLaunchListener { [weak app] task in
            guard let app else { return }
            app.lifecycle.begin(.task(task.identifier), reason: "task \(task.identifier) launched")
            guard let action = app.manifest.task(task.identifier)?.onLaunch else { return }
            for mode in app.modes { mode.perform(action, trigger: TaskTrigger(.taskLaunch)) }
        }
        simulator.scheduler.addCompletionListener { [weak app] task, success in
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

    /// The running tasks end with the process.
    public func appDidTerminate() {
        simulator.endRunningTasks()
    }

    /// iOS launches no task of ``EmulatedApp/Configuration/tasksHeldAfterForceQuit`` until the user opens
    /// the app again (their requests stay pending), and cancels queued continued tasks.
    public func appWasForceQuit() {
        simulator.scheduler.heldKinds = app?.configuration.tasksHeldAfterForceQuit ?? []
        simulator.scheduler.appWasForceQuit()
    }

    /// Opening the app lifts a force quit's hold; the scheduler follows whether the app is in the
    /// foreground (where continued tasks are submitted).
    public func appDidChange(from: LifecycleState, to: LifecycleState) {
        if to == .foreground { simulator.scheduler.heldKinds = [] }
        simulator.scheduler.isAppInForeground = to == .foreground
    }

    /// A restart lifts a force quit's hold only with ``EmulatedApp/Configuration/rebootLiftsForceQuit``
    /// (off by default: the flag "persists across restarts", Apple DTS; docs/DEVICE.md).
    /// From a restart until the first unlock no task launches (the device's ``Device/isUnlockedSinceRestart``).
    public func deviceDidChange(_ event: DeviceEvent) {
        if event == .reboot, app?.configuration.rebootLiftsForceQuit == true { simulator.scheduler.heldKinds = [] }
        simulator.scheduler.isWaitingForFirstUnlock = !(app?.device.isUnlockedSinceRestart ?? true)
    }

    /// Submits the action's `submit:` task; cancels its `cancel:` continued task as the user does in the
    /// system's interface (``BGTaskScheduler/cancelContinuedTask(identifier:)``).
    public func perform(_ action: ManifestAction, trigger: TaskTrigger) {
        if let identifier = action.submit { simulator.submit(identifier, trigger: trigger) }
        if let identifier = action.cancel { simulator.scheduler.cancelContinuedTask(identifier: identifier) }
    }

    /// Settled when no task request is pending.
    public var isSettled: Bool { simulator.scheduler.pendingTaskRequests().isEmpty }

    // MARK: The debugger's commands

    /// `simulate-launch ID` and `simulate-expiration ID` on the control socket (`bgtask simulate-launch`).
    public var controlVerbs: [ControlVerb] {
        [
            ControlVerb(Self.simulateLaunchVerb, takes: .name) { [weak self] identifier, _ in
                guard let scheduler = self?.simulator.scheduler else { return .error("\(identifier) was not launched: the app has no task scheduler") }
                let pending = scheduler.pendingTaskRequests().map(\.identifier)
                if scheduler.simulateLaunch(forTaskWithIdentifier: identifier) { return .ok("launched \(identifier)") }
                if pending.contains(identifier) { return .error("\(identifier) was not launched: the app has not finished launching") }
                let waiting = pending.isEmpty ? "none" : pending.joined(separator: ", ")
                return .error("\(identifier) was not launched: no request for it is pending (pending: \(waiting)); the app submits it first")
            },
            ControlVerb(Self.simulateExpirationVerb, takes: .name) { [weak self] identifier, _ in
                guard let scheduler = self?.simulator.scheduler, scheduler.simulateExpiration(forTaskWithIdentifier: identifier) else {
                    return .error("\(identifier) was not expired: no task with that identifier is running")
                }
                return .ok("expired \(identifier)")
            },
        ]
    }

    /// The debugger's `_simulateLaunchForTaskWithIdentifier:` on the control socket.
    public static let simulateLaunchVerb = "simulate-launch"
    /// The debugger's `_simulateExpirationForTaskWithIdentifier:` on the control socket.
    public static let simulateExpirationVerb = "simulate-expiration"

    /// `simulateLaunch: ID`: launches the pending task now, as the debugger's
    /// `_simulateLaunchForTaskWithIdentifier:` does; an identifier that is not permitted, or has no pending
    /// request, does nothing there, and here records an `error` (code `simulate`) that says so.
    public func simulateLaunch(_ identifier: String) {
        let scheduler = simulator.scheduler
        if let problem = simulationProblem(identifier, command: "simulateLaunch") {
            app?.timeline.record(.error(message: problem, code: "simulate"))
        } else if !scheduler.pendingTaskRequests().contains(where: { $0.identifier == identifier }) {
            app?.timeline.record(.error(
                message: "simulateLaunch: no task request for \(identifier) is pending (submit it first); the debugger's command does nothing",
                code: "simulate"))
        } else if !scheduler.simulateLaunch(forTaskWithIdentifier: identifier) {
            app?.timeline.record(.error(
                message: "simulateLaunch: \(identifier) cannot launch before the app has finished launching", code: "simulate"))
        }
    }

    /// `simulateExpiration: ID`: expires the running task now, as the debugger's
    /// `_simulateExpirationForTaskWithIdentifier:` does; an identifier that is not permitted, or whose task
    /// is not running, records an `error` (code `simulate`) that says so.
    public func simulateExpiration(_ identifier: String) {
        if let problem = simulationProblem(identifier, command: "simulateExpiration") {
            app?.timeline.record(.error(message: problem, code: "simulate"))
        } else if !simulator.scheduler.simulateExpiration(forTaskWithIdentifier: identifier) {
            app?.timeline.record(.error(
                message: "simulateExpiration: no task \(identifier) is running (launch it first); the debugger's command does nothing",
                code: "simulate"))
        }
    }

    private func simulationProblem(_ identifier: String, command: String) -> String? {
        guard !simulator.scheduler.permittedIdentifiers.contains(identifier) else { return nil }
        return "\(command): \(identifier) is not a permitted identifier (BGTaskSchedulerPermittedIdentifiers); the debugger's command does nothing"
    }
}

extension AppLifecycle.Activity {
    /// A launched background task, by identifier.
    public static func task(_ identifier: String) -> Self { Self("task.\(identifier)", description: "task \(identifier)") }
}

extension TaskTrigger.Kind {
    /// A task's `onLaunch:`, when the task launches.
    public static let taskLaunch = Self("taskLaunch")
}
