import BackgroundCore
import BackgroundScheduler
import Glibc

/// The manifest's background tasks as the app's code: the launch handlers it registers (`register:`), what
/// each does when launched (`onLaunch:`, `resubmit:`, `work:` or `run:`, `onExpiration:`) and
/// `submitAtLaunch:`. A `run:` command runs on the wall clock while the emulated clock stands still (see
/// ``EmulatedApp/Commands``), with the environment `BG_TASK_ID`, `BG_TASK_KIND`, `BG_TRIGGER`, `BG_REGION`,
/// `BG_LAT`, `BG_LON` and `BG_TIME` (docs/DEVICE.md).
extension ManifestApp {
    /// The first launch registers a handler for every `register: atLaunch` task; every launch submits
    /// `submitAtLaunch:`; the `register: afterLaunch` handlers are registered once the launch has finished.
    func launchTasks(first: Bool) {
        guard let app, let tasks = app.mode(TaskMode.self) else { return }
        if first { register(.atLaunch, on: tasks) }
        for identifier in app.manifest.submitAtLaunch { tasks.submit(identifier, trigger: ActionTrigger(.launch)) }
        guard first else { return }
        app.engine.schedule(at: app.engine.now) { [unowned self, unowned tasks] in
            register(.afterLaunch, on: tasks)
        }
    }

    private func register(_ when: ManifestTask.Registration, on tasks: TaskMode) {
        for task in tasks.section.tasks where task.register == when {
            tasks.scheduler.register(forTaskWithIdentifier: task.identifier, using: nil) { [unowned self, unowned tasks] launched in
                handle(launched, as: task, in: tasks)
            }
        }
    }

    /// A launched task: its `onLaunch:` action, then its resubmission, then its work.
    private func handle(_ launched: LaunchedTask, as task: ManifestTask, in tasks: TaskMode) {
        guard let app else { return }
        if let action = task.onLaunch { app.perform(action, trigger: ActionTrigger(.taskLaunch)) }
        let trigger = tasks.trigger(of: task.identifier)
        if task.resubmit { tasks.submit(task.identifier, trigger: ActionTrigger(.resubmit)) }
        let engine = app.engine
        switch task.work {
        case .simulated(let work):
            var steps = reportProgress(of: launched, as: task, over: work, on: engine)
            steps.append(engine.schedule(after: work) { launched.setTaskCompleted(success: true) })
            // Not strong: a task still working when the run ends would otherwise keep the engine, whose queue
            // keeps the task, alive for ever (LeakSanitizer found the cycle). `ignore`: the work runs on.
            guard task.onExpiration == .complete else { return launched.expirationHandler = {} }
            launched.expirationHandler = { [unowned engine, weak launched, steps] in
                for step in steps { engine.cancel(step) }
                launched?.setTaskCompleted(success: false)
            }
        case .command(let command):
            run(command, for: launched, as: task, trigger: trigger, scheduler: tasks.scheduler, in: app)
        }
    }

    /// A continued task's progress reports every `progressEvery:` of its `work` (the last at its end), a
    /// unit each; none without `progressEvery:`.
    private func reportProgress(of launched: LaunchedTask, as task: ManifestTask, over work: Duration, on engine: EventEngine) -> [EventID] {
        guard let continued = launched as? ContinuedTask, let every = task.progressEvery else { return [] }
        let total = max(1, Int64((work / every).rounded(.up)))
        continued.progress.totalUnitCount = total
        return (1...total).map { unit in
            let at = min(every * Double(unit), work)
            return engine.schedule(after: at) { [weak continued] in continued?.progress.completedUnitCount = unit }
        }
    }

    private func run(
        _ command: String, for launched: LaunchedTask, as task: ManifestTask, trigger: ActionTrigger, scheduler: TaskScheduler,
        in app: EmulatedApp
    ) {
        let commands = app.configuration.commands
        let engine = app.engine
        let limit = commands.timeLimit
            ?? (task.kind == .refresh ? scheduler.configuration.refreshBudget : commands.processingTimeLimit)
        let folder = ManifestDocument.folder(of: app.manifest.file)
        let environment = [
            "BG_TASK_ID": task.identifier,
            "BG_TASK_KIND": task.kind.rawValue,
            "BG_TRIGGER": trigger.kind.rawValue,
            "BG_REGION": trigger.region ?? "",
            "BG_LAT": trigger.latitude.map { "\($0)" } ?? "",
            "BG_LON": trigger.longitude.map { "\($0)" } ?? "",
            "BG_TIME": engine.now.rfc3339,
        ]
        // A processing task that requires external power turns the CPU monitor off (WWDC19 707).
        let exempt = task.kind == .processing && task.requiresExternalPower
        let outcome = CommandRunner.run(
            command, environment: environment, directory: folder.isEmpty ? "." : folder, limit: limit,
            killGrace: commands.killGrace, cpuLimit: exempt ? nil : commands.cpuLimit,
            output: CommandOutput(descriptor: log.descriptor, task: task.identifier))
        let name = task.identifier
        let timeline = app.timeline
        func problem(_ message: String) {
            timeline.record(.error(message: message, code: "taskCommand"))
        }
        switch outcome {
        case .cpuExceeded(let used):
            guard let cpuLimit = commands.cpuLimit else { return }
            timeline.record(.cpuExceeded(limit: cpuLimit, used: used, task: name))
            let reason = "task \(name): the app used more CPU than the limit of \(cpuLimit) in the background and was killed"
            // After the handler has returned, as the system's kill comes from outside it.
            engine.schedule(at: engine.now) { [unowned app, weak launched] in
                app.lifecycle.terminate(reason: reason)
                launched?.setTaskCompleted(success: false)
            }
        case .exited(let status):
            if status != 0 { problem("task \(name): the command exited with status \(status)") }
            launched.setTaskCompleted(success: status == 0)
        case .signaled(let signal):
            problem("task \(name): the command was ended by \(CommandRunner.name(of: signal))")
            launched.setTaskCompleted(success: false)
        case .failedToStart(let message):
            problem("task \(name): \(message)")
            launched.setTaskCompleted(success: false)
        case .interrupted(let signal):
            problem("task \(name): interrupted; the command was stopped with \(CommandRunner.name(of: signal ?? SIGTERM))")
            launched.setTaskCompleted(success: false)
        case .stopped(let signal):
            let how = switch signal {
            case SIGKILL?: "it ignored SIGTERM and was killed with SIGKILL"
            case let signal?: "it was stopped with \(CommandRunner.name(of: signal))"
            case nil: "it exited after SIGTERM"
            }
            let completes = task.onExpiration == .complete
            launched.expirationHandler = { [weak timeline, weak launched] in
                timeline?.record(.error(message: "task \(name): the command ran past its \(DurationSyntax.format(limit)) limit; \(how)", code: "taskCommand"))
                if completes { launched?.setTaskCompleted(success: false) }
            }
            engine.schedule(after: limit) { [weak scheduler] in
                _ = scheduler?.simulateExpiration(forTaskWithIdentifier: name)
            }
        }
    }
}
