import AppControl
package import BackgroundCore
package import BackgroundDevice
package import BackgroundScheduler

/// The tasks background mode: a ``TaskScheduler`` for the manifest's permitted identifiers and
/// background modes, with device conditions from the manifest or the machine
/// (``EmulatedApp/Configuration/conditions``). The app's code registers its launch handlers with the
/// scheduler and submits requests (the manifest's app: ``ManifestApp``); the mode carries out `submit:`
/// actions (a declared task's request) and `cancel:`. A launched task keeps the app running
/// (``AppLifecycle/Activity/task(_:)``) until it completes or expires, and relaunches a terminated app. The
/// scheduler hears whether the app is in the foreground (where continued tasks are submitted) and its force
/// quits (which cancel queued continued tasks). The exceptions iOS raises crash the app (a second
/// registration of a task identifier, one after launch, a launch with no handler), and a task still running
/// when its time is up gets the app terminated.
///
/// ```swift
/// let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline, modes: [TaskMode()])
/// app.mode(TaskMode.self)?.scheduler.pendingTaskRequests()
/// ```
package final class TaskMode: BackgroundMode {
    /// The scheduler the mode's tasks run on (once the mode is attached).
    package private(set) var scheduler: TaskScheduler!
    /// The manifest's task section, read out once: `submit` looks a task up on every submission.
    package private(set) var section = TaskSection()

    private unowned var app: EmulatedApp?
    /// What made the app submit each request last (the `run:` command's `BG_TRIGGER`).
    private var triggers: [String: ActionTrigger] = [:]
    /// The activity of each task identifier launched (``AppLifecycle/Activity/task(_:)``), made once: a task
    /// begins and ends one at every launch. Few (the app's identifiers), so looked up in order; a continued
    /// task's, one of any number under its wildcard, leaves at its end.
    private var activities: [(task: String, activity: AppLifecycle.Activity)] = []
    /// The completed tasks whose activity's end is due, in order from `firstDue`: each ``endCompletedTask``
    /// action, scheduled at a completion, ends the first (one closure for all: a year of tasks allocates none).
    private var completedTasks: [(activity: AppLifecycle.Activity, identifier: String, success: Bool)] = []
    private var firstDue = 0
    private lazy var endCompletedTask: () -> Void = { [unowned self] in endFirstCompletedTask() }

    package init() {}

    /// Creates the scheduler (recording the first `conditions` event).
    ///
    /// - Throws: ``InputError`` when the scheduler's state file cannot be restored.
    package func attach(to app: EmulatedApp) throws(InputError) {
        self.app = app
        let manifest = app.manifest
        section = manifest[TaskSection.self] ?? TaskSection()
        scheduler = try TaskScheduler(
            engine: app.engine, timeline: app.timeline, permittedIdentifiers: manifest.permittedIdentifiers,
            backgroundModes: manifest.backgroundModes, conditions: app.device.conditionsFeed, configuration: app.configuration.scheduler,
            discretion: app.device.discretion)
        scheduler.entitlements = Set(manifest.entitlements)
        scheduler.addCrashListener { [unowned app] message in
            app.lifecycle.terminate(reason: "the app crashed: \(message)")
        }
        scheduler.addTimeUpListener { [unowned app] task in
            app.lifecycle.terminate(reason: "task \(task.identifier): its time was up and the app had not called setTaskCompleted(success:)")
        }
        scheduler.addLaunchListener { [unowned self] task in
            guard let app = self.app else { return }
            app.lifecycle.begin(activity(of: task.identifier), reason: "task \(task.identifier) launched")
        }
        scheduler.addCompletionListener { [unowned self] task, success in
            // After the scheduler has finished with it, in an action of its own: the app may be suspended then.
            guard let app = self.app else { return }
            let identifier = task.identifier
            completedTasks.append((activity(of: identifier), identifier, success))
            if task is ContinuedTask { activities.removeAll { $0.task == identifier } }
            app.engine.schedule(at: app.engine.now, endCompletedTask)
        }
    }

    private func activity(of identifier: String) -> AppLifecycle.Activity {
        if let known = activities.first(where: { $0.task == identifier }) { return known.activity }
        let activity = AppLifecycle.Activity.task(identifier)
        activities.append((identifier, activity))
        return activity
    }

    /// Ends the activity of the first completed task due (scheduled by the completion listener).
    private func endFirstCompletedTask() {
        let (activity, identifier, success) = completedTasks[firstDue]
        firstDue += 1
        if firstDue == completedTasks.count {
            completedTasks.removeAll(keepingCapacity: true)
            firstDue = 0
        }
        app?.lifecycle.end(activity, reason: "task \(identifier) \(success ? "completed" : "ended unsuccessfully")")
    }

    /// The first launch tells the scheduler the usage before the run, before the app's code submits anything.
    package func appDidLaunch(first: Bool) {
        if first, let history = app?.device.history, !history.isEmpty { scheduler.learnUsage(history: history) }
    }

    /// The app's code has returned from a launch of its process: registration closes, and from the first
    /// launch tasks may launch.
    package func appDidFinishLaunching(first: Bool) {
        scheduler.finishLaunching()
    }

    /// Submits the declared task `identifier` as the app would, `trigger` having made it; a rejection shows
    /// in the timeline only.
    package func submit(_ identifier: String, trigger: ActionTrigger) {
        guard let task = section.task(identifier), let app else { return }
        let parameters: TaskRequest.Parameters = switch task.kind {
        case .refresh: .refresh
        case .processing:
            .processing(.init(requiresNetworkConnectivity: task.requiresNetwork, requiresExternalPower: task.requiresExternalPower))
        case .continued:
            .continued(.init(title: task.title ?? identifier, subtitle: "", strategy: task.strategy, requiredResources: task.requiresGPU ? .gpu : []))
        }
        let request = TaskRequest(
            identifier: identifier, earliestBeginDate: task.earliestBegin.map { app.engine.now + $0 }, parameters: parameters)
        let from = trigger.kind == .appExtension ? trigger.source : nil
        if (try? scheduler.submit(request, fromExtension: from)) != nil { triggers[identifier] = trigger }
    }

    /// What made the app submit the request for `identifier` last (`launch` when nothing did).
    package func trigger(of identifier: String) -> ActionTrigger {
        triggers[identifier] ?? ActionTrigger(.launch)
    }

    /// The running tasks end with the process.
    package func appDidTerminate() {
        scheduler.endRunningTasks()
    }

    /// iOS launches no task of ``EmulatedApp/Configuration/tasksHeldAfterForceQuit`` until the user opens
    /// the app again (their requests stay pending), and cancels queued continued tasks.
    package func appWasForceQuit() {
        scheduler.heldKinds = app?.configuration.tasksHeldAfterForceQuit ?? []
        scheduler.appWasForceQuit()
    }

    /// Opening the app lifts a force quit's hold; the scheduler follows whether the app is in the
    /// foreground (where continued tasks are submitted), and looks at its requests again. The device has
    /// told the discretion of the open already (``EmulatedApp``, before any mode hears of the move).
    package func appDidChange(from: LifecycleState, to: LifecycleState) {
        if to == .foreground { scheduler.heldKinds = [] }
        scheduler.isAppInForeground = to == .foreground
    }

    /// A restart lifts a force quit's hold only with ``EmulatedApp/Configuration/rebootLiftsForceQuit``
    /// (off by default: the flag "persists across restarts", Apple DTS; docs/DEVICE.md).
    /// From a restart until the first unlock no task launches (the device's ``Device/isUnlockedSinceRestart``).
    package func deviceDidChange(_ event: DeviceEvent) {
        if event == .reboot, app?.configuration.rebootLiftsForceQuit == true { scheduler.heldKinds = [] }
        scheduler.isWaitingForFirstUnlock = !(app?.device.isUnlockedSinceRestart ?? true)
    }

    /// Submits the action's `submit:` task; cancels its `cancel:` continued task as the user does in the
    /// system's interface (``TaskScheduler/cancelContinuedTask(identifier:)``).
    package func perform(_ action: ManifestAction, trigger: ActionTrigger) {
        if let identifier = action.submit { submit(identifier, trigger: trigger) }
        if let identifier = action.cancel { scheduler.cancelContinuedTask(identifier: identifier) }
    }

    /// Settled when no task request is pending.
    package var isSettled: Bool { scheduler.pendingTaskRequests().isEmpty }

    // MARK: The debugger's commands

    /// `simulate-launch ID` and `simulate-expiration ID`, the debugger's `_simulateLaunchForTaskWithIdentifier:`
    /// and `_simulateExpirationForTaskWithIdentifier:`: on the control socket (`bgtask simulate-launch`) and
    /// as the lifecycle's `simulateLaunch:` and `simulateExpiration:` steps. Where the debugger would do
    /// nothing (an identifier not permitted, no pending request, no running task) the reply says why.
    package var controlVerbs: [ControlVerb] {
        [
            ControlVerb(Self.simulateLaunchVerb, takes: .name) { [unowned self] identifier, _ in
                guard let scheduler else { return .error("\(identifier) was not launched: the app has no task scheduler") }
                if let problem = Self.notPermitted(identifier, scheduler) { return .error("\(identifier) was not launched: \(problem)") }
                let pending = scheduler.pendingTaskRequests().map(\.identifier)
                if scheduler.simulateLaunch(forTaskWithIdentifier: identifier) { return .ok("launched \(identifier)") }
                if pending.contains(identifier) { return .error("\(identifier) was not launched: the app has not finished launching") }
                let waiting = pending.isEmpty ? "none" : pending.joined(separator: ", ")
                return .error("\(identifier) was not launched: no request for it is pending (pending: \(waiting)); the app submits it first")
            },
            ControlVerb(Self.simulateExpirationVerb, takes: .name) { [unowned self] identifier, _ in
                guard let scheduler else { return .error("\(identifier) was not expired: the app has no task scheduler") }
                if let problem = Self.notPermitted(identifier, scheduler) { return .error("\(identifier) was not expired: \(problem)") }
                guard scheduler.simulateExpiration(forTaskWithIdentifier: identifier) else {
                    return .error("\(identifier) was not expired: no task with that identifier is running")
                }
                return .ok("expired \(identifier)")
            },
        ]
    }

    private static func notPermitted(_ identifier: String, _ scheduler: TaskScheduler) -> String? {
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
