public import BackgroundCore

/// Apple's `BGTaskScheduler` on an ``EventEngine``: register launch handlers, submit requests, and the
/// emulated system launches and expires tasks by iOS's rules as virtual time passes.
///
/// The API reads like Apple's so that an iOS app's handlers port with few changes; what differs is
/// that the scheduler is an object bound to an engine, a timeline, the app's permitted identifiers and
/// background modes (its Info.plist) and a source of device conditions, not `BGTaskScheduler.shared`.
///
/// Rules (docs/SCHEDULER.md cites Apple's documentation for each):
/// - ``submit(_:)`` rejects a request `notPermitted` when its identifier is not permitted or its kind's
///   background mode (`fetch` for refresh, `processing` for processing) is missing, `unavailable` while
///   Background App Refresh is off, `tooManyPendingTaskRequests` past 1 pending refresh or 10 pending
///   processing requests; a request for an identifier already pending replaces it.
/// - Nothing launches before its earliest begin date, nor before ``finishLaunching()``, nor while a task
///   with the same identifier runs. Refresh tasks need Low Power Mode off and Background App Refresh on;
///   processing tasks need the device idle, Background App Refresh on, and the network and external
///   power their request requires. When an eligible task launches is the ``LaunchPolicy``'s choice.
/// - A refresh task expires after ``Configuration/refreshBudget`` (30 s); a processing task expires when
///   the device stops being idle or loses a condition it needs. Expiring runs the task's expiration
///   handler (`task.expired`) and ends it unsuccessfully (`task.completed` with `success: false`).
///
/// ```swift
/// let engine = EventEngine(start: .defaultStart)
/// let timeline = Timeline(engine: engine)
/// let scheduler = try BGTaskScheduler(
///     engine: engine, timeline: timeline, permittedIdentifiers: ["com.example.refresh"],
///     backgroundModes: ["fetch"], conditions: ScriptedConditions([]))
/// scheduler.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
///     task.setTaskCompleted(success: true)
/// }
/// let request = BGAppRefreshTaskRequest(identifier: "com.example.refresh")
/// request.earliestBeginDate = engine.now + .seconds(900)
/// try scheduler.submit(request)
/// scheduler.finishLaunching()
/// engine.run(until: engine.now + .seconds(3600))   // task.launched at 00:15:00, task.completed
/// ```
///
/// - Warning: Not thread-safe, like the engine it runs on: use it from the engine's actions or before
///   running the engine.
public final class BGTaskScheduler {
    /// The app's `BGTaskSchedulerPermittedIdentifiers`.
    public let permittedIdentifiers: Set<String>
    /// The app's `UIBackgroundModes` (`fetch`, `processing`, …).
    public let backgroundModes: Set<String>
    public let configuration: Configuration
    /// The device conditions now, as last reported by the conditions source.
    public private(set) var conditions = DeviceConditions()
    /// Called when a task has completed (after its `task.completed` event), with its success: the app
    /// learns a task's end here, not from the timeline.
    public var onTaskCompletion: (_ task: BGTask, _ success: Bool) -> Void = { _, _ in }
    /// Called after every change of the device conditions (after its `conditions` event): another mode
    /// of the app (background transfers) follows the same conditions here.
    public var onConditionsChange: (DeviceConditions) -> Void = { _ in }
    /// The message of every failed save of the pending requests, in order (each is also an `error` event
    /// with code `stateFile`).
    public private(set) var failedSaves: [String] = []
    /// The kinds of task the system does not launch now, however eligible (after the user force-quit the
    /// app, until they open it again): their requests stay pending.
    public var heldKinds: Set<TaskKind> = [] {
        didSet { reevaluate() }
    }

    private let engine: EventEngine
    private let timeline: Timeline
    private let store: (any TaskRequestStore)?
    private var planner: LaunchPlanner
    private var handlers: [String: (BGTask) -> Void] = [:]
    private var hasFinishedLaunching = false
    private var hasConditions = false

    private struct Pending {
        var request: BGTaskRequest
        var launch: EventID?
    }

    private struct Running {
        var task: BGTask
        var request: BGTaskRequest
        var expiry: EventID?
    }

    /// Pending requests in submission order.
    private var pending: [Pending] = []
    /// Running tasks in launch order.
    private var running: [Running] = []
    private var isEvaluating = false
    private var evaluateAgain = false

    /// Creates a scheduler and starts its conditions source (recording the first `conditions` event).
    ///
    /// - Throws: ``InputError`` from ``Configuration/taskRequestStore`` when saved requests exist but
    ///   cannot be read.
    public init(
        engine: EventEngine, timeline: Timeline, permittedIdentifiers: some Sequence<String>,
        backgroundModes: some Sequence<String>, conditions source: any DeviceConditionsSource,
        configuration: Configuration = Configuration()
    ) throws(InputError) {
        self.engine = engine
        self.timeline = timeline
        self.permittedIdentifiers = Set(permittedIdentifiers)
        self.backgroundModes = Set(backgroundModes)
        self.configuration = configuration
        self.planner = LaunchPlanner(policy: configuration.policy)
        self.store = configuration.taskRequestStore
        if let store {
            pending = try store.loadTaskRequests().map { Pending(request: $0) }
        }
        source.start(on: engine) { [weak self] in self?.conditionsDidChange($0) }
    }

    // MARK: Registration

    /// Registers the handler that runs when the task with `identifier` launches.
    ///
    /// Register every task before the app finishes launching (``finishLaunching()``), once per identifier,
    /// and only permitted identifiers. Otherwise this returns false and records an `error` event
    /// (code `registration`) that says why — where iOS would refuse or raise an exception.
    ///
    /// - Parameters:
    ///   - identifier: One of ``permittedIdentifiers``.
    ///   - queue: Always nil: handlers run on the scheduler's engine. It is here so that iOS code calling
    ///     `register(forTaskWithIdentifier:using: nil)` ports unchanged.
    ///   - launchHandler: Receives the ``BGAppRefreshTask`` or ``BGProcessingTask``.
    /// - Returns: True when the handler was registered.
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String, using queue: Never? = nil,
        launchHandler: @escaping (BGTask) -> Void
    ) -> Bool {
        let problem: String? =
            if !permittedIdentifiers.contains(identifier) {
                "cannot register \(identifier): it is not in the permitted identifiers (BGTaskSchedulerPermittedIdentifiers)"
            } else if handlers[identifier] != nil {
                "cannot register \(identifier) twice: a launch handler is already registered"
            } else if hasFinishedLaunching {
                "cannot register \(identifier) after the app finished launching: register every task before finishLaunching()"
            } else {
                nil
            }
        if let problem {
            timeline.record(.error(message: problem, code: "registration"))
            return false
        }
        handlers[identifier] = launchHandler
        return true
    }

    /// Ends the app's launch (the end of `application(_:didFinishLaunchingWithOptions:)`): registration
    /// closes and tasks may launch from now on.
    public func finishLaunching() {
        hasFinishedLaunching = true
        reevaluate()
    }

    // MARK: Requests

    /// Submits a request, replacing a pending one with the same identifier; records `task.submitted`, or
    /// `task.rejected` and throws.
    public func submit(_ request: BGTaskRequest) throws(Error) {
        let identifier = request.identifier
        if let error = rejection(of: request) {
            timeline.record(.taskRejected(task: identifier, error: error.code.name))
            throw error
        }
        removePending(identifier)
        pending.append(Pending(request: request.copy()))
        timeline.record(.taskSubmitted(task: identifier, kind: request.kind, earliestBegin: request.earliestBeginDate))
        save()
        reevaluate()
    }

    /// Cancels the pending request with `identifier`, if any (a running task is not affected).
    public func cancel(taskRequestWithIdentifier identifier: String) {
        guard removePending(identifier) else { return }
        save()
    }

    /// Cancels every pending request.
    public func cancelAllTaskRequests() {
        guard !pending.isEmpty else { return }
        for entry in pending { entry.launch.map(engine.cancel) }
        pending.removeAll()
        save()
    }

    /// Copies of the pending requests, in submission order.
    public func pendingTaskRequests() -> [BGTaskRequest] {
        pending.map { $0.request.copy() }
    }

    // MARK: Debugger commands

    /// Launches the pending task with `identifier` now, whatever its earliest begin date and the
    /// conditions — Apple's debugger command
    /// `e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateLaunchForTaskWithIdentifier:@"ID"]`.
    ///
    /// - Returns: False when no request with that identifier is pending or the app has not finished launching.
    @discardableResult
    public func simulateLaunch(forTaskWithIdentifier identifier: String) -> Bool {
        guard hasFinishedLaunching, pending.contains(where: { $0.request.identifier == identifier }) else {
            return false
        }
        launch(identifier)
        return true
    }

    /// Expires the running task with `identifier` now — Apple's debugger command
    /// `e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateExpirationForTaskWithIdentifier:@"ID"]`.
    ///
    /// - Returns: False when no task with that identifier is running.
    @discardableResult
    public func simulateExpiration(forTaskWithIdentifier identifier: String) -> Bool {
        guard let task = running.first(where: { $0.task.identifier == identifier })?.task else { return false }
        expire(task)
        return true
    }

    // MARK: The system's side

    private func rejection(of request: BGTaskRequest) -> Error? {
        let identifier = request.identifier
        let mode = request.kind == .refresh ? "fetch" : "processing"
        if !permittedIdentifiers.contains(identifier) {
            return Error(.notPermitted, reason: "\(identifier) is not in the permitted identifiers (BGTaskSchedulerPermittedIdentifiers)")
        }
        if !backgroundModes.contains(mode) {
            return Error(.notPermitted, reason: "\(request.kind.rawValue) tasks need the '\(mode)' background mode (UIBackgroundModes)")
        }
        if !conditions.backgroundRefresh {
            return Error(.unavailable, reason: "Background App Refresh is off")
        }
        let limit = request.kind == .refresh
            ? configuration.maxPendingRefreshRequests : configuration.maxPendingProcessingRequests
        let others = pending.count { $0.request.kind == request.kind && $0.request.identifier != identifier }
        if others >= limit {
            return Error(.tooManyPendingTaskRequests, reason: "\(others) \(request.kind.rawValue) requests are already pending (at most \(limit))")
        }
        return nil
    }

    private func conditionsDidChange(_ new: DeviceConditions) {
        guard !hasConditions || new != conditions else { return }
        hasConditions = true
        conditions = new
        timeline.record(.conditions(new))
        reevaluate()
        onConditionsChange(new)
    }

    /// True when the conditions let a task of this request run (earliest begin aside).
    private func conditionsAllow(_ request: BGTaskRequest) -> Bool {
        guard conditions.backgroundRefresh else { return false }
        switch request {
        case let processing as BGProcessingTaskRequest:
            return conditions.idle
                && (!processing.requiresNetworkConnectivity || conditions.network != .none)
                && (!processing.requiresExternalPower || conditions.power.isExternal)
        default:
            return !conditions.lowPower
        }
    }

    /// Brings launches and expirations in line with the current state. Re-entrant calls (from handlers)
    /// make the running evaluation go round once more.
    private func reevaluate() {
        guard !isEvaluating else {
            evaluateAgain = true
            return
        }
        isEvaluating = true
        defer { isEvaluating = false }
        repeat {
            evaluateAgain = false
            evaluateOnce()
        } while evaluateAgain
    }

    private func evaluateOnce() {
        for entry in running where entry.request.kind == .processing && !conditionsAllow(entry.request) {
            expire(entry.task)
        }
        guard hasFinishedLaunching else { return }
        for index in pending.indices {
            let request = pending[index].request
            let eligible = conditionsAllow(request) && !heldKinds.contains(request.kind)
                && !running.contains { $0.task.identifier == request.identifier }
            if eligible, pending[index].launch == nil {
                let from = max(engine.now, request.earliestBeginDate ?? engine.now)
                let at = planner.launchTime(for: request.kind, eligibleAt: from)
                let identifier = request.identifier
                pending[index].launch = engine.schedule(at: at) { [weak self] in self?.launch(identifier) }
            } else if !eligible, let launch = pending[index].launch {
                engine.cancel(launch)
                pending[index].launch = nil
            }
        }
    }

    private func launch(_ identifier: String) {
        guard let index = pending.firstIndex(where: { $0.request.identifier == identifier }) else { return }
        let entry = pending.remove(at: index)
        entry.launch.map(engine.cancel)
        save()
        let request = entry.request
        guard let handler = handlers[identifier] else {
            timeline.record(.error(
                message: "no launch handler is registered for \(identifier); iOS would end the app here",
                code: "noLaunchHandler"))
            return
        }
        let task: BGTask = request.kind == .refresh
            ? BGAppRefreshTask(identifier: identifier) : BGProcessingTask(identifier: identifier)
        task.scheduler = self
        var expiry: EventID?
        if request.kind == .refresh {
            expiry = engine.schedule(after: configuration.refreshBudget) { [weak self, weak task] in
                if let task { self?.expire(task) }
            }
        }
        running.append(Running(task: task, request: request, expiry: expiry))
        timeline.record(.taskLaunched(task: identifier))
        handler(task)
    }

    private func expire(_ task: BGTask) {
        guard !task.isCompleted, !task.isExpired, running.contains(where: { $0.task === task }) else { return }
        task.isExpired = true
        timeline.record(.taskExpired(task: task.identifier))
        task.expirationHandler?()
        task.setTaskCompleted(success: false)
    }

    /// Called by ``BGTask/setTaskCompleted(success:)`` on its first call.
    func taskDidComplete(_ task: BGTask, success: Bool) {
        guard let index = running.firstIndex(where: { $0.task === task }) else { return }
        let entry = running.remove(at: index)
        entry.expiry.map(engine.cancel)
        timeline.record(.taskCompleted(task: task.identifier, success: success))
        onTaskCompletion(task, success)
        reevaluate()
    }

    @discardableResult
    private func removePending(_ identifier: String) -> Bool {
        guard let index = pending.firstIndex(where: { $0.request.identifier == identifier }) else { return false }
        pending.remove(at: index).launch.map(engine.cancel)
        return true
    }

    private func save() {
        guard let store else { return }
        do {
            try store.saveTaskRequests(pending.map(\.request))
        } catch {
            failedSaves.append(error.description)
            timeline.record(.error(message: error.description, code: "stateFile"))
        }
    }
}
