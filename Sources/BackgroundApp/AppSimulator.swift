public import BackgroundCore
public import BackgroundTasks

/// Runs an app manifest's background tasks on an engine: the manifest's conditions drive a
/// ``BGTaskScheduler``, and each declared task's handler works for its `work:` time and resubmits itself
/// when the manifest says `resubmit: true`.
///
/// `bgtask simulate` is this type plus a printer; `bgloc --app` shares the engine with a location replay
/// and calls ``submit(_:)`` from region and significant-change actions.
///
/// ```swift
/// let manifest = try AppManifest(contentsOf: "Examples/DailyRefresh/app.yaml")
/// let engine = EventEngine(start: .defaultStart)
/// let timeline = Timeline(engine: engine)
/// timeline.addSink { print(TextTimelineRenderer().render($0)) }
/// let simulator = try AppSimulator(manifest: manifest, engine: engine, timeline: timeline)
/// simulator.launch()
/// engine.run(until: engine.now + .seconds(86_400))
/// ```
/// In a test, create the timeline with `keepingEvents: true` and assert on its events.
public final class AppSimulator {
    public let manifest: AppManifest
    public let scheduler: BGTaskScheduler
    private let engine: EventEngine

    /// Creates the scheduler for `manifest` (recording the first `conditions` event).
    ///
    /// - Throws: ``InputError`` when a task uses `run:` (running commands is not supported yet), or when
    ///   the configuration's state file cannot be restored.
    public init(
        manifest: AppManifest, engine: EventEngine, timeline: Timeline,
        configuration: BGTaskScheduler.Configuration = BGTaskScheduler.Configuration()
    ) throws(InputError) {
        for task in manifest.tasks {
            if case .command = task.work {
                throw InputError(
                    file: manifest.file, place: .key("tasks.\(task.identifier).run", line: task.line),
                    message: "running commands is not supported yet; use 'work: DURATION' to simulate the task's work")
            }
        }
        self.manifest = manifest
        self.engine = engine
        scheduler = try BGTaskScheduler(
            engine: engine, timeline: timeline, permittedIdentifiers: manifest.permittedIdentifiers,
            backgroundModes: manifest.backgroundModes, conditions: ScriptedConditions(manifest.conditions),
            configuration: configuration)
    }

    /// Launches the app: registers a handler for every declared task, submits `submitAtLaunch`, and
    /// finishes launching.
    public func launch() {
        for task in manifest.tasks {
            scheduler.register(forTaskWithIdentifier: task.identifier, using: nil) { [unowned self] launched in
                handle(launched, as: task)
            }
        }
        for identifier in manifest.submitAtLaunch { submit(identifier) }
        scheduler.finishLaunching()
    }

    /// Submits the declared task `identifier` as the app would; a rejection shows in the timeline only.
    public func submit(_ identifier: String) {
        guard let task = manifest.task(identifier) else { return }
        let request: BGTaskRequest
        switch task.kind {
        case .refresh:
            request = BGAppRefreshTaskRequest(identifier: identifier)
        case .processing:
            let processing = BGProcessingTaskRequest(identifier: identifier)
            processing.requiresNetworkConnectivity = task.requiresNetwork
            processing.requiresExternalPower = task.requiresExternalPower
            request = processing
        }
        request.earliestBeginDate = task.earliestBegin.map { engine.now + $0 }
        _ = try? scheduler.submit(request)
    }

    private func handle(_ launched: BGTask, as task: ManifestTask) {
        if task.resubmit { submit(task.identifier) }
        guard case .simulated(let work) = task.work else { return }
        let done = engine.schedule(after: work) { launched.setTaskCompleted(success: true) }
        // Weak: a task still working when the run ends would otherwise keep the engine, whose queue keeps
        // the task, alive for ever (LeakSanitizer found the cycle).
        launched.expirationHandler = { [weak engine] in engine?.cancel(done) }
    }
}
