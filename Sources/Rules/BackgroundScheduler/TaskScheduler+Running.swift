import BackgroundCore
import BackgroundDevice

/// The running tasks' side of the scheduler: launching a task into its handler, its expiration and time
/// up, its progress (continued tasks), its completion, and the end of the process.
extension TaskScheduler {
    /// Launches the pending `identifier`; `other`: in the launch the system made for that task.
    func launch(_ identifier: String, with other: String? = nil) {
        guard let index = pending.firstIndex(where: { $0.request.identifier == identifier }) else { return }
        let entry = pending.remove(at: index)
        entry.launch.map(engine.cancel)
        entry.reasonCheck.map(engine.cancel)
        save()
        let request = entry.request
        // A process that has ended registers its handlers again when the launch starts it (below).
        let registered = handler(of: identifier)
        if registered == nil, !isProcessEnded { return noHandler(identifier) }
        let task: LaunchedTask = switch request.parameters {
        case .continued(let continued): ContinuedTask(identifier: identifier, title: continued.title, subtitle: continued.subtitle)
        case .processing: ProcessingTask(identifier: identifier)
        case .refresh: RefreshTask(identifier: identifier)
        }
        task.scheduler = self
        // A refresh task is warned before its launch's time is up; a continued one is expired at its stall
        // limit, and has the lead to end.
        let deadline = request.kind == .refresh ? launchDeadline() : nil
        let warning: EventID? = switch request.kind {
        case .refresh: deadline.map { expiry(of: task, at: $0 - configuration.expirationLead) }
        case .continued: expiry(of: task, at: engine.now + configuration.continuedStallLimit)
        case .processing: nil
        }
        running.append(Running(task: task, request: request, launchedAt: engine.now, expiry: warning, deadline: deadline))
        if request.kind != .continued { discretion.appWasLaunched(at: engine.now) }
        if let continued = task as? ContinuedTask {
            continued.progress.onChange = { [unowned self, unowned continued] progress in
                progressDidChange(continued, progress)
            }
        }
        timeline.record(.taskLaunched(task: identifier, with: other))
        for listener in launchListeners { listener(task) }
        guard let handler = registered ?? self.handler(of: identifier) else {
            // The new process registered none: the task never runs, and the exception ends the process.
            if let index = running.firstIndex(where: { $0.task === task }) { running.remove(at: index).expiry.map(engine.cancel) }
            return noHandler(identifier)
        }
        handler(task)
    }

    /// The handler registered for `identifier`, or for the wildcard that permits it.
    func handler(of identifier: String) -> ((LaunchedTask) -> Void)? {
        handlers[identifier] ?? rules.permits.wildcard(permitting: identifier).flatMap { handlers[$0] }
    }

    /// A launch of `identifier` found no handler: iOS's exception, which ends the app.
    func noHandler(_ identifier: String) {
        let message = "\(Self.noHandlerMessage(identifier)) (NSInternalInconsistencyException)"
        timeline.record(.error(message: message, code: "noLaunchHandler"))
        for listener in crashListeners { listener(message) }
    }

    /// The end of the time of a refresh task launched now: that of the launch already running (a refresh
    /// task that has not ended), or a new launch's ``Configuration/refreshBudget`` from now.
    func launchDeadline() -> SimTime {
        let shared = running.filter { $0.request.kind == .refresh && !$0.task.isCompleted }.compactMap(\.deadline).max()
        return rules.launchDeadline(shared: shared, now: engine.now)
    }

    /// Expires `task` at `time` (at once when that has passed), unless it ends first.
    func expiry(of task: LaunchedTask, at time: SimTime) -> EventID {
        engine.schedule(at: max(engine.now, time)) { [unowned self, weak task] in
            if let task { expire(task) }
        }
    }

    /// A continued task's report: a `task.progress` event, and its stall limit counts again from now.
    func progressDidChange(_ task: ContinuedTask, _ progress: TaskProgress) {
        guard !task.isCompleted, let index = running.firstIndex(where: { $0.task === task }) else { return }
        timeline.record(.taskProgress(task: task.identifier, completed: progress.completedUnitCount, total: progress.totalUnitCount))
        running[index].expiry.map(engine.cancel)
        running[index].expiry = expiry(of: task, at: engine.now + configuration.continuedStallLimit)
    }

    /// Warns the app that `task`'s time is nearly up: `task.expired`, then its expiration handler; without
    /// a handler the system marks the task completed unsuccessfully ("instead of sending a warning"). A task
    /// the handler leaves running is killed with the app when its time is up (``timeIsUp(_:)``): at its
    /// deadline, or ``Configuration/expirationLead`` from now when it has none or it has passed.
    func expire(_ task: LaunchedTask) {
        guard !task.isCompleted, !task.isExpired, let index = running.firstIndex(where: { $0.task === task }) else { return }
        task.isExpired = true
        timeline.record(.taskExpired(task: task.identifier))
        guard let handler = task.expirationHandler else { return task.setTaskCompleted(success: false) }
        let deadline = running[index].deadline.flatMap { $0 > engine.now ? $0 : nil } ?? engine.now + configuration.expirationLead
        handler()
        guard !task.isCompleted, let index = running.firstIndex(where: { $0.task === task }) else { return }
        running[index].timeUp = engine.schedule(at: deadline) { [unowned self, weak task] in
            if let task { timeIsUp(task) }
        }
    }

    /// The time of `task` is up and the app has not completed it: the time-up listeners hear it (the app
    /// is killed), then the task ends unsuccessfully.
    func timeIsUp(_ task: LaunchedTask) {
        guard !task.isCompleted else { return }
        for listener in timeUpListeners { listener(task) }
        task.setTaskCompleted(success: false)
    }

    /// The app's process has ended (terminated, crashed or killed): every running task ends with it,
    /// unsuccessfully (`task.expired` if it had not expired, then `task.completed`); no handler runs.
    public func endRunningTasks() {
        for entry in running where !entry.task.isCompleted {
            if !entry.task.isExpired {
                entry.task.isExpired = true
                timeline.record(.taskExpired(task: entry.task.identifier))
            }
            entry.task.setTaskCompleted(success: false)
        }
    }

    /// Called by ``LaunchedTask/setTaskCompleted(success:)`` on its first call.
    func taskDidComplete(_ task: LaunchedTask, success: Bool) {
        guard let index = running.firstIndex(where: { $0.task === task }) else { return }
        let entry = running.remove(at: index)
        entry.expiry.map(engine.cancel)
        entry.timeUp.map(engine.cancel)
        if isRealistic, entry.request.kind != .continued, conditions.power == .battery {
            discretion.spend(engine.now - entry.launchedAt, at: engine.now)
        }
        timeline.record(.taskCompleted(task: task.identifier, success: success))
        for listener in completionListeners { listener(task, success) }
        reevaluate()
    }
}
