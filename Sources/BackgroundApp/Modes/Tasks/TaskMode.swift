import AppControl
package import BackgroundCore
package import BackgroundDevice
package import BackgroundScheduler

/// The tasks background mode: the manifest's tasks on a ``BGTaskScheduler`` (through an
/// ``TaskHost``), with device conditions from the manifest or the machine
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
/// app.mode(TaskMode.self)?.scheduler.pendingTaskRequests()
/// ```
package final class TaskMode: BackgroundMode {
    /// The tasks' host, once the mode is attached.
    package private(set) var host: TaskHost!
    /// The scheduler the mode's tasks run on (once the mode is attached).
    package var scheduler: BGTaskScheduler { host.scheduler }

    private weak var app: EmulatedApp?

    package init() {}

    /// Creates the scheduler (recording the first `conditions` event).
    ///
    /// - Throws: ``InputError`` when the scheduler's state file cannot be restored or the commands' log
    ///   cannot be opened.
    package func attach(to app: EmulatedApp) throws(InputError) {
        self.app = app
        host = try TaskHost(
            manifest: app.manifest, engine: app.engine, timeline: app.timeline, configuration: app.configuration.scheduler,
            commands: app.configuration.commands, conditions: app.device.conditionsFeed)
        host.scheduler.addCrashListener { [weak app] message in
            app?.lifecycle.terminate(reason: "the app crashed: \(message)")
        }
        host.addKillListener { [weak app] reason in app?.lifecycle.terminate(reason: reason) }
        host.scheduler.addTimeUpListener { [weak app] task in
            app?.lifecycle.terminate(reason: "task \(task.identifier): its time was up and the app had not called setTaskCompleted(success:)")
        }
        host.addLaunchListener { [weak app] task in
            guard let app else { return }
            app.lifecycle.begin(.task(task.identifier), reason: "task \(task.identifier) launched")
            guard let action = app.manifest.task(task.identifier)?.onLaunch else { return }
            for mode in app.modes { mode.perform(action, trigger: ActionTrigger(.taskLaunch)) }
        }
        host.scheduler.addCompletionListener { [weak app] task, success in
            // After the scheduler has finished with it: the app may be suspended then.
            guard let app else { return }
            let identifier = task.identifier
            app.engine.schedule(at: app.engine.now) { [weak app] in
                app?.lifecycle.end(.task(identifier), reason: "task \(identifier) \(success ? "completed" : "ended unsuccessfully")")
            }
        }
    }

    /// Registers the handlers (the first time) and submits `submitAtLaunch:`.
    package func appDidLaunch(first: Bool) {
        if first, let history = app?.device.history, !history.isEmpty { host.scheduler.learnUsage(history: history) }
        host.launch()
    }

    /// The running tasks end with the process.
    package func appDidTerminate() {
        host.endRunningTasks()
    }

    /// iOS launches no task of ``EmulatedApp/Configuration/tasksHeldAfterForceQuit`` until the user opens
    /// the app again (their requests stay pending), and cancels queued continued tasks.
    package func appWasForceQuit() {
        host.scheduler.heldKinds = app?.configuration.tasksHeldAfterForceQuit ?? []
        host.scheduler.appWasForceQuit()
    }

    /// Opening the app lifts a force quit's hold; the scheduler follows whether the app is in the
    /// foreground (where continued tasks are submitted).
    package func appDidChange(from: LifecycleState, to: LifecycleState) {
        if to == .foreground { host.scheduler.heldKinds = [] }
        host.scheduler.isAppInForeground = to == .foreground
        if to == .foreground { host.scheduler.appWasOpened() }
    }

    /// A restart lifts a force quit's hold only with ``EmulatedApp/Configuration/rebootLiftsForceQuit``
    /// (off by default: the flag "persists across restarts", Apple DTS; docs/DEVICE.md).
    /// From a restart until the first unlock no task launches (the device's ``Device/isUnlockedSinceRestart``).
    package func deviceDidChange(_ event: DeviceEvent) {
        if event == .reboot, app?.configuration.rebootLiftsForceQuit == true { host.scheduler.heldKinds = [] }
        host.scheduler.isWaitingForFirstUnlock = !(app?.device.isUnlockedSinceRestart ?? true)
    }

    /// Submits the action's `submit:` task; cancels its `cancel:` continued task as the user does in the
    /// system's interface (``BGTaskScheduler/cancelContinuedTask(identifier:)``).
    package func perform(_ action: ManifestAction, trigger: ActionTrigger) {
        if let identifier = action.submit { host.submit(identifier, trigger: trigger) }
        if let identifier = action.cancel { host.scheduler.cancelContinuedTask(identifier: identifier) }
    }

    /// Settled when no task request is pending.
    package var isSettled: Bool { host.scheduler.pendingTaskRequests().isEmpty }

    // MARK: The debugger's commands

    /// `simulate-launch ID` and `simulate-expiration ID`, the debugger's `_simulateLaunchForTaskWithIdentifier:`
    /// and `_simulateExpirationForTaskWithIdentifier:`: on the control socket (`bgtask simulate-launch`) and
    /// as the lifecycle's `simulateLaunch:` and `simulateExpiration:` steps. Where the debugger would do
    /// nothing (an identifier not permitted, no pending request, no running task) the reply says why.
    package var controlVerbs: [ControlVerb] {
        [
            ControlVerb(Self.simulateLaunchVerb, takes: .name) { [weak self] identifier, _ in
                guard let scheduler = self?.host?.scheduler else { return .error("\(identifier) was not launched: the app has no task scheduler") }
                if let problem = Self.notPermitted(identifier, scheduler) { return .error("\(identifier) was not launched: \(problem)") }
                let pending = scheduler.pendingTaskRequests().map(\.identifier)
                if scheduler.simulateLaunch(forTaskWithIdentifier: identifier) { return .ok("launched \(identifier)") }
                if pending.contains(identifier) { return .error("\(identifier) was not launched: the app has not finished launching") }
                let waiting = pending.isEmpty ? "none" : pending.joined(separator: ", ")
                return .error("\(identifier) was not launched: no request for it is pending (pending: \(waiting)); the app submits it first")
            },
            ControlVerb(Self.simulateExpirationVerb, takes: .name) { [weak self] identifier, _ in
                guard let scheduler = self?.host?.scheduler else { return .error("\(identifier) was not expired: the app has no task scheduler") }
                if let problem = Self.notPermitted(identifier, scheduler) { return .error("\(identifier) was not expired: \(problem)") }
                guard scheduler.simulateExpiration(forTaskWithIdentifier: identifier) else {
                    return .error("\(identifier) was not expired: no task with that identifier is running")
                }
                return .ok("expired \(identifier)")
            },
        ]
    }

    private static func notPermitted(_ identifier: String, _ scheduler: BGTaskScheduler) -> String? {
        scheduler.permittedIdentifiers.contains(identifier) ? nil : "it is not a permitted identifier (BGTaskSchedulerPermittedIdentifiers)"
    }

    /// The debugger's `_simulateLaunchForTaskWithIdentifier:` on the control socket.
    package static let simulateLaunchVerb = "simulate-launch"
    /// The debugger's `_simulateExpirationForTaskWithIdentifier:` on the control socket.
    package static let simulateExpirationVerb = "simulate-expiration"
}

extension AppLifecycle.Activity {
    /// A launched background task, by identifier.
    package static func task(_ identifier: String) -> Self { Self("task.\(identifier)", description: "task \(identifier)") }
}

extension ActionTrigger.Kind {
    /// A task's `onLaunch:`, when the task launches.
    package static let taskLaunch = Self("taskLaunch")
}
