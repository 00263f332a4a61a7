package import BackgroundCore
package import BackgroundDevice
package import BackgroundScheduler
import Glibc

/// Runs an app manifest's background tasks on an engine: the manifest's conditions drive a
/// ``BGTaskScheduler``, and each declared task's handler works for its `work:` time — or runs its `run:`
/// command — and resubmits itself when the manifest says `resubmit: true`.
///
/// ``TaskMode`` hosts it inside ``EmulatedApp``, which every command runs (`bgtask simulate`, `bgloc
/// replay|live --app`); the other modes' actions call ``submit(_:trigger:)``. The scheduler benchmark
/// drives it alone, as below.
///
/// ```swift
/// let manifest = try AppManifest(contentsOf: "Examples/DailyRefresh/app.yaml")
/// let engine = EventEngine(start: .defaultStart)
/// let timeline = Timeline(engine: engine)
/// timeline.addEventListener { print(TextTimelineRenderer().render($0)) }
/// let simulator = try TaskHost(manifest: manifest, engine: engine, timeline: timeline)
/// simulator.launch()
/// engine.run(until: engine.now + .seconds(86_400))
/// ```
/// In a test, create the timeline with `keepingEvents: true` and assert on its events.
///
/// A `run:` command runs on the wall clock while the emulated clock stands still (see ``EmulatedApp/Commands``); it
/// gets the environment `BG_TASK_ID`, `BG_TASK_KIND`, `BG_TRIGGER`, `BG_REGION`, `BG_LAT`, `BG_LON` and
/// `BG_TIME` (docs/DEVICE.md).
package final class TaskHost {
    package let manifest: AppManifest
    package let scheduler: BGTaskScheduler
    package let commands: EmulatedApp.Commands

    private let engine: EventEngine
    private let timeline: Timeline
    private let log: CommandLog
    private var hasLaunched = false
    private var triggers: [String: ActionTrigger] = [:]
    private var running: [String] = []
    private var launchListeners: [(BGTask) -> Void] = []
    private var killListeners: [(_ reason: String) -> Void] = []
    /// The manifest's task section, read out once: `submit` looks a task up on every submission.
    private let tasks: TaskSection

    /// Creates the scheduler for `manifest` (recording the first `conditions` event), its device conditions
    /// from `conditions`, or from the manifest's `conditions:` timeline when that is nil.
    ///
    /// - Throws: ``InputError`` when the configuration's state file cannot be restored or the commands'
    ///   log cannot be opened.
    package init(
        manifest: AppManifest, engine: EventEngine, timeline: Timeline,
        configuration: BGTaskScheduler.Configuration = BGTaskScheduler.Configuration(), commands: EmulatedApp.Commands = EmulatedApp.Commands(),
        conditions: (any DeviceConditionsSource)? = nil
    ) throws(InputError) {
        self.manifest = manifest
        tasks = manifest[TaskSection.self] ?? TaskSection()
        self.engine = engine
        self.timeline = timeline
        self.commands = commands
        log = try CommandLog(path: commands.log)
        scheduler = try BGTaskScheduler(
            engine: engine, timeline: timeline, permittedIdentifiers: manifest.permittedIdentifiers,
            backgroundModes: manifest.backgroundModes,
            conditions: conditions ?? ScriptedConditions(manifest.conditions),
            configuration: configuration)
        scheduler.entitlements = Set(manifest.entitlements)
        scheduler.addCompletionListener { [weak self] task, _ in self?.running.removeAll { $0 == task.identifier } }
    }

    /// Adds `listener`, called when a declared task launches, before its work starts: the emulated app
    /// wakes for it.
    package func addLaunchListener(_ listener: @escaping (BGTask) -> Void) {
        launchListeners.append(listener)
    }

    /// Adds `listener`, called when the system kills the app for what a task's command did (more CPU than
    /// ``Commands/cpuLimit``), with the reason, after its `resource.exceeded` event.
    package func addKillListener(_ listener: @escaping (_ reason: String) -> Void) {
        killListeners.append(listener)
    }

    /// Launches the app: the first time, registers a handler for every declared task (`register:
    /// atLaunch`), submits `submitAtLaunch`, finishes launching, then registers the `register: afterLaunch`
    /// ones (the exception that crashes the app); a relaunch (after the app was terminated) submits
    /// `submitAtLaunch` again — the handlers stay registered, the scheduler standing for the system.
    package func launch() {
        let first = !hasLaunched
        hasLaunched = true
        if first { register(.atLaunch) }
        for identifier in manifest.submitAtLaunch { submit(identifier, trigger: ActionTrigger(.launch)) }
        guard first else { return }
        scheduler.finishLaunching()
        register(.afterLaunch)
    }

    private func register(_ when: ManifestTask.Registration) {
        for task in tasks.tasks where task.register == when {
            scheduler.register(forTaskWithIdentifier: task.identifier, using: nil) { [unowned self] launched in
                handle(launched, as: task)
            }
        }
    }

    /// Submits the declared task `identifier` as the app would; a rejection shows in the timeline only.
    package func submit(_ identifier: String, trigger: ActionTrigger = ActionTrigger(.launch)) {
        guard let task = tasks.task(identifier) else { return }
        let request: BGTaskRequest
        switch task.kind {
        case .refresh:
            request = BGAppRefreshTaskRequest(identifier: identifier)
        case .processing:
            let processing = BGProcessingTaskRequest(identifier: identifier)
            processing.requiresNetworkConnectivity = task.requiresNetwork
            processing.requiresExternalPower = task.requiresExternalPower
            request = processing
        case .continued:
            let continued = BGContinuedProcessingTaskRequest(identifier: identifier, title: task.title ?? identifier, subtitle: "")
            continued.strategy = task.strategy
            continued.requiredResources = task.requiresGPU ? .gpu : []
            request = continued
        }
        request.earliestBeginDate = task.earliestBegin.map { engine.now + $0 }
        let from = trigger.kind == .appExtension ? trigger.source : nil
        if (try? scheduler.submit(request, fromExtension: from)) != nil { triggers[identifier] = trigger }
    }

    /// Ends every task running now, unsuccessfully (the app's process is ending).
    package func endRunningTasks() {
        scheduler.endRunningTasks()
    }

    private func handle(_ launched: BGTask, as task: ManifestTask) {
        running.append(task.identifier)
        for listener in launchListeners { listener(launched) }
        let trigger = triggers[task.identifier] ?? ActionTrigger(.launch)
        if task.resubmit { submit(task.identifier, trigger: ActionTrigger(.resubmit)) }
        switch task.work {
        case .simulated(let work):
            var steps = reportProgress(of: launched, as: task, over: work)
            steps.append(engine.schedule(after: work) { launched.setTaskCompleted(success: true) })
            // Weak: a task still working when the run ends would otherwise keep the engine, whose queue keeps
            // the task, alive for ever (LeakSanitizer found the cycle). `ignore`: the work runs on.
            guard task.onExpiration == .complete else { return launched.expirationHandler = {} }
            launched.expirationHandler = { [weak engine, weak launched, steps] in
                for step in steps { engine?.cancel(step) }
                launched?.setTaskCompleted(success: false)
            }
        case .command(let command):
            run(command, for: launched, as: task, trigger: trigger)
        }
    }

    /// A continued task's progress reports every `progressEvery:` of its `work` (the last at its end), a
    /// unit each; none without `progressEvery:`.
    private func reportProgress(of launched: BGTask, as task: ManifestTask, over work: Duration) -> [EventID] {
        guard let continued = launched as? BGContinuedProcessingTask, let every = task.progressEvery else { return [] }
        let total = max(1, Int64((work / every).rounded(.up)))
        continued.progress.totalUnitCount = total
        return (1...total).map { unit in
            let at = min(every * Double(unit), work)
            return engine.schedule(after: at) { [weak continued] in continued?.progress.completedUnitCount = unit }
        }
    }

    private func run(_ command: String, for launched: BGTask, as task: ManifestTask, trigger: ActionTrigger) {
        let limit = commands.timeLimit
            ?? (task.kind == .refresh ? scheduler.configuration.refreshBudget : commands.processingTimeLimit)
        let folder = ManifestDocument.folder(of: manifest.file)
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
        switch outcome {
        case .cpuExceeded(let used):
            guard let cpuLimit = commands.cpuLimit else { return }
            timeline.record(.cpuExceeded(limit: cpuLimit, used: used, task: name))
            let reason = "task \(name): the app used more CPU than the limit of \(cpuLimit) in the background and was killed"
            // After the handler has returned, as the system's kill comes from outside it.
            engine.schedule(at: engine.now) { [weak self, weak launched] in
                for listener in self?.killListeners ?? [] { listener(reason) }
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
            launched.expirationHandler = { [weak self, weak launched] in
                self?.problem("task \(name): the command ran past its \(DurationSyntax.format(limit)) limit; \(how)")
                if completes { launched?.setTaskCompleted(success: false) }
            }
            engine.schedule(after: limit) { [weak self] in
                _ = self?.scheduler.simulateExpiration(forTaskWithIdentifier: name)
            }
        }
    }

    private func problem(_ message: String) {
        timeline.record(.error(message: message, code: "taskCommand"))
    }
}
