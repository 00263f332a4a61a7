public import BackgroundCore
public import BackgroundDevice

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
/// - A continued processing request (``TaskRequest/Continued``) needs a wildcard permit
///   (`prefix.*`), the app in the foreground (``isAppInForeground``) and, for the GPU, the entitlement
///   (``entitlements``) and a device that supports it; it launches at once, or waits in a queue while
///   ``Configuration/maxRunningContinuedTasks`` run (its `fail` strategy is refused
///   `immediateRunIneligible` instead). It is expired after ``Configuration/continuedStallLimit`` without
///   progress, or when the user cancels it (``cancelContinuedTask(identifier:)``).
/// - Nothing launches before its earliest begin date, nor before ``finishLaunching()``, nor while a task
///   with the same identifier runs. Refresh tasks need Low Power Mode off and Background App Refresh on;
///   processing tasks need the device idle, Background App Refresh on, and the network and external
///   power their request requires. When an eligible task launches is the ``LaunchPolicy``'s choice, and
///   every other task eligible then launches with it, in one batch. Under the realistic policy the system's
///   discretion (``SystemDiscretion``, the device's when the app passes it: `discretion:`) decides too:
///   usage, critically low battery, the energy budget and the rate limit. `task.waiting` says why a pending request waits (``TaskWaitReason``) when that changes
///   (docs/SCHEDULER.md, "Why a task waits").
/// - A refresh task has ``Configuration/refreshBudget`` (30 s) per launch of the app: tasks launched while
///   another refresh task runs share its launch's time (they get what is left of it). A processing task
///   expires when the device stops being idle or loses a condition it needs.
/// - Expiring warns the app ``Configuration/expirationLead`` before its time is up (`task.expired`): the
///   expiration handler runs; a task without one is marked completed unsuccessfully at once. A task still
///   running when the time is up gets the app killed: the time-up listeners (``addTimeUpListener(_:)``)
///   hear it, then the task ends unsuccessfully.
/// - An `earliestBeginDate` more than ``Configuration/maxEarliestBeginAhead`` (a week) after the
///   submission records an `error` (code `earliestBeginTooFar`); the request stays pending.
/// - Registering after the app finished launching, and launching a task with no registered handler, are
///   the exceptions that crash the app on iOS: the crash listeners hear Apple's message.
///
/// ```swift
/// let engine = EventEngine(start: .defaultStart)
/// let timeline = Timeline(engine: engine)
/// let scheduler = try TaskScheduler(
///     engine: engine, timeline: timeline, permittedIdentifiers: ["com.example.refresh"],
///     backgroundModes: ["fetch"], conditions: ScriptedConditions([]))
/// scheduler.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
///     task.setTaskCompleted(success: true)
/// }
/// try scheduler.submit(TaskRequest(refresh: "com.example.refresh", earliestBeginDate: engine.now + .seconds(900)))
/// scheduler.finishLaunching()
/// engine.run(until: engine.now + .seconds(3600))   // task.launched at 00:15:00, task.completed
/// ```
///
/// - Warning: Not thread-safe, like the engine it runs on: use it from the engine's actions or before
///   running the engine.
public final class TaskScheduler {
    /// The app's `BGTaskSchedulerPermittedIdentifiers`, wildcards (`prefix.*`) included.
    public let permittedIdentifiers: Set<String>
    /// The app's entitlements that matter here: `gpu` (Background GPU Access,
    /// `com.apple.developer.background-tasks.continued-processing.gpu`).
    public var entitlements: Set<String> = []
    /// Whether the app is in the foreground, where continued processing requests are submitted; the app
    /// hosting the scheduler keeps it true while the user uses the app (it is true at first: the user
    /// launched the app). The realistic policy counts the app's use from it.
    public var isAppInForeground = true {
        didSet {
            lastUse = engine.now
            reevaluate()
        }
    }
    /// The app's `UIBackgroundModes` (`fetch`, `processing`, …).
    public let backgroundModes: Set<String>
    public let configuration: Configuration
    /// The device conditions now, as last reported by the conditions source.
    public var conditions: DeviceConditions { monitor.conditions }
    /// The message of every failed save of the pending requests, in order (each is also an `error` event
    /// with code `stateFile`).
    public internal(set) var failedSaves: [String] = []
    /// The kinds of task the system does not launch now, however eligible (after the user force-quit the
    /// app, until they open it again): their requests stay pending.
    public var heldKinds: Set<TaskKind> = [] {
        didSet { reevaluate() }
    }
    /// True from a restart of the device until its first unlock: no refresh or processing task launches
    /// ("Tasks will not be run until the first device unlock after the reboot", WWDC19 707); each pending
    /// request, and each submitted meanwhile, is `task.waiting` with reason `beforeFirstUnlock`.
    public var isWaitingForFirstUnlock = false {
        didSet {
            guard isWaitingForFirstUnlock != oldValue else { return }
            reevaluate()
        }
    }
    /// The system's discretion the scheduler asks under the realistic policy — the device's, shared with the
    /// pushes and the transfers (``SystemDiscretion``): the usage history, the critical-battery rule, the
    /// energy budget and the rate limit.
    public let discretion: SystemDiscretion

    let engine: EventEngine
    let timeline: Timeline
    let store: (any TaskRequestStore)?
    /// The decisions (``TaskRules``); the scheduler carries them out.
    let rules: TaskRules
    /// The launch times' draws (the realistic policy's PRNG), which the rules take.
    var planner: LaunchPlanner
    /// When the app was last in the foreground (now while it is).
    var lastUse: SimTime
    var handlers: [String: (LaunchedTask) -> Void] = [:]
    var completionListeners: [(_ task: LaunchedTask, _ success: Bool) -> Void] = []
    var crashListeners: [(_ message: String) -> Void] = []
    var timeUpListeners: [(_ task: LaunchedTask) -> Void] = []
    var launchListeners: [(_ task: LaunchedTask) -> Void] = []
    /// True from the first ``finishLaunching()``: tasks may launch.
    var hasFinishedLaunching = false
    /// True while the app's current process has finished launching: registering a refresh or processing
    /// task's handler is late then (from ``finishLaunching()`` until ``processDidEnd()``).
    var isRegistrationClosed = false
    /// True from ``processDidEnd()`` until the next process finishes launching: a task launched meanwhile
    /// starts that process (the launch listeners) before its handler is looked up.
    var isProcessEnded = false

    struct Pending {
        var request: TaskRequest
        var launch: EventID?
        /// Why it is not launched now, as last recorded or passed over (nil: it is about to launch); a new
        /// request starts at `earliestBegin`, what its `task.submitted` says.
        var reason: TaskWaitReason? = .earliestBegin
        /// Why its planned launch is not sooner (the realistic policy's choice), while one is planned.
        var plannedReason: TaskWaitReason?
        /// A look at its reason when its earliest begin passes, when a planned launch comes later.
        var reasonCheck: EventID?
    }

    struct Running {
        var task: LaunchedTask
        var request: TaskRequest
        var launchedAt: SimTime
        var expiry: EventID?
        /// When the task's time is up (a refresh task's launch's end), if it has a fixed time.
        var deadline: SimTime?
        /// The kill at the time up, once the expiration handler has run without completing the task.
        var timeUp: EventID?
    }

    /// The actions of a pending request's timers (``timerActions(of:)``).
    struct TimerActions {
        let launch: () -> Void
        let reasonCheck: () -> Void
    }

    /// Each refresh and processing identifier's ``TimerActions`` (few: the permitted identifiers).
    var timerActions: [(identifier: String, actions: TimerActions)] = []
    /// Pending requests in submission order.
    var pending: [Pending] = []
    /// Running tasks in launch order.
    var running: [Running] = []
    var isEvaluating = false
    /// The conditions, recorded once per change (a `conditions` event); kept for the scheduler's life: a
    /// source watching the machine stops when released.
    let monitor: DeviceConditionsMonitor
    var evaluateAgain = false

    /// Creates a scheduler and starts its conditions source (recording the first `conditions` event); it asks
    /// `discretion` (the device's), or one of its own under ``Configuration/policy`` with the default numbers.
    ///
    /// - Throws: ``InputError`` from ``Configuration/taskRequestStore`` when saved requests exist but
    ///   cannot be read.
    public init(
        engine: EventEngine, timeline: Timeline, permittedIdentifiers: some Sequence<String>,
        backgroundModes: some Sequence<String>, conditions source: any DeviceConditionsSource,
        configuration: Configuration = Configuration(), discretion: SystemDiscretion? = nil
    ) throws(InputError) {
        self.engine = engine
        self.timeline = timeline
        self.permittedIdentifiers = Set(permittedIdentifiers)
        self.backgroundModes = Set(backgroundModes)
        self.configuration = configuration
        self.planner = LaunchPlanner(policy: configuration.policy)
        self.discretion = discretion ?? SystemDiscretion(policy: configuration.policy)
        self.rules = TaskRules(
            configuration: configuration, permittedIdentifiers: self.permittedIdentifiers, backgroundModes: self.backgroundModes)
        self.lastUse = engine.now
        self.store = configuration.taskRequestStore
        if let store {
            pending = try store.loadTaskRequests().map { Pending(request: $0) }
        }
        monitor = DeviceConditionsMonitor(engine: engine, source: source, recordingOn: timeline)
        // The first report came as the source started: the scheduler looks at it now, later ones as they come.
        monitor.addListener { [unowned self] _ in reevaluate() }
        if monitor.hasConditions { reevaluate() }
    }

    // MARK: Listeners

    // MARK: Registration

    /// Registers the handler that runs when the task with `identifier` launches.
    ///
    /// The handlers belong to the app's process: they last until ``processDidEnd()``, and each new process
    /// registers its own. Register every refresh and processing task before the process finishes launching
    /// (``finishLaunching()``), once per identifier, and only permitted identifiers; a continued
    /// processing task's handler (for a wildcard `prefix.*`, or one name under it) may also be registered
    /// later. Otherwise this returns false and records an `error` event (code `registration`) that says
    /// why — where iOS would refuse or raise an exception. A second registration of an identifier is the
    /// exception that ends the app on iOS: the crash listeners (``addCrashListener(_:)``) hear it.
    ///
    /// - Parameters:
    ///   - identifier: One of ``permittedIdentifiers``.
    ///   - queue: Always nil: handlers run on the scheduler's engine. It is here so that iOS code calling
    ///     `register(forTaskWithIdentifier:using: nil)` ports unchanged (BackgroundTasks' `BGTaskScheduler`
    ///     takes the app's `DispatchQueue`).
    ///   - launchHandler: Receives the ``RefreshTask`` or ``ProcessingTask``.
    /// - Returns: True when the handler was registered.
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String, using queue: Never? = nil,
        launchHandler: @escaping (LaunchedTask) -> Void
    ) -> Bool {
        let problem = rules.registrationProblem(
            of: identifier, isRegistered: handlers[identifier] != nil, hasFinishedLaunching: isRegistrationClosed)
        if let problem {
            timeline.record(.error(message: problem.message, code: "registration"))
            if problem.crashes {
                for listener in crashListeners { listener(problem.message) }
            }
            return false
        }
        handlers[identifier] = launchHandler
        return true
    }

    /// The reason of the exception iOS raises for a registration after the app finished launching.
    public static let lateRegistrationMessage = "All launch handlers must be registered before application finishes launching"

    /// The reason of the exception iOS raises when it launches a task whose identifier has no handler.
    public static func noHandlerMessage(_ identifier: String) -> String {
        "No launch handler registered for task with identifier \(identifier)"
    }

    /// Ends the launch of the app's process (the end of `application(_:didFinishLaunchingWithOptions:)`):
    /// registration closes, and from the first launch's end tasks may launch.
    public func finishLaunching() {
        isRegistrationClosed = true
        isProcessEnded = false
        guard !hasFinishedLaunching else { return }
        hasFinishedLaunching = true
        reevaluate()
    }

    /// The app's process ended: its launch handlers end with it, and registration opens for the next
    /// process, which registers its own before it finishes launching (``finishLaunching()`` again). A task
    /// that launches meanwhile starts that process first (the launch listeners: the host relaunches the
    /// app), and only then is its handler looked up. A host whose app registers once for the device's life
    /// (the manifest's app, whose handlers are the manifest's) does not call it.
    public func processDidEnd() {
        handlers = [:]
        isRegistrationClosed = false
        isProcessEnded = true
    }

    // MARK: Requests

    /// Submits a request, replacing a pending one with the same identifier; records `task.submitted`, or
    /// `task.rejected` and throws.
    public func submit(_ request: TaskRequest) throws(Error) {
        try submit(request, fromExtension: nil)
    }

    /// Submits a request from one of the app's extensions (a keyboard, a widget, a share extension):
    /// `task.submitted` names it (`from`), and the task launches in the app, as every task does
    /// ("Tasks can be submitted from an extension, and always run in the main app", WWDC19 707).
    public func submit(_ request: TaskRequest, fromExtension extensionIdentifier: String?) throws(Error) {
        let identifier = request.identifier
        let isContinued = request.kind == .continued
        let state = TaskRules.Submission(
            conditions: conditions, isAppInForeground: isContinued ? isAppInForeground : true,
            entitlements: isContinued ? entitlements : [],
            pendingOthers: isContinued ? 0 : pending.count { $0.request.kind == request.kind && $0.request.identifier != identifier },
            runningContinuedOthers: isContinued ? running.count { $0.request.kind == .continued && $0.task.identifier != identifier } : 0)
        if let error = rules.rejection(of: request, state) {
            timeline.record(.taskRejected(task: identifier, error: error.code.name, reason: error.reason))
            throw error
        }
        removePending(identifier)
        pending.append(Pending(request: request))
        timeline.record(.taskSubmitted(task: identifier, kind: request.kind, earliestBegin: request.earliestBeginDate, from: extensionIdentifier))
        updateReason(at: pending.count - 1)
        if let warning = rules.earliestBeginWarning(request, at: engine.now) {
            timeline.record(.error(message: warning, code: "earliestBeginTooFar"))
        }
        save()
        reevaluate()
    }

    /// iOS 27's form of ``submit(_:)``: submits the request and calls `completionHandler` with nil, or
    /// with the error it was rejected with, from the engine's queue at the present time (after the
    /// submission's event).
    public func submitTaskRequest(_ request: TaskRequest, completionHandler: @escaping (Error?) -> Void) {
        let error: Error?
        do {
            try submit(request)
            error = nil
        } catch let rejection {
            error = rejection
        }
        engine.schedule(at: engine.now) { completionHandler(error) }
    }

    /// iOS 27's `try await submitTaskRequest(_:)`: submits the request at once (on virtual time nothing
    /// waits), and throws the error it was rejected with.
    public func submitTaskRequest(_ request: TaskRequest) async throws(Error) {
        try submit(request)
    }

    /// Cancels the pending request with `identifier`, if any (a running task is not affected).
    public func cancel(taskRequestWithIdentifier identifier: String) {
        guard removePending(identifier) else { return }
        save()
    }

    /// Cancels every pending request.
    public func cancelAllTaskRequests() {
        guard !pending.isEmpty else { return }
        for entry in pending {
            entry.launch.map(engine.cancel)
            entry.reasonCheck.map(engine.cancel)
        }
        pending.removeAll()
        save()
    }

    /// The pending requests, in submission order.
    public func pendingTaskRequests() -> [TaskRequest] {
        pending.map(\.request)
    }

    // MARK: The system's side

    var isRealistic: Bool { configuration.policy.isRealistic }

    /// What holds pending requests now (``TaskRules/holdState(conditions:heldKinds:isWaitingForFirstUnlock:runningContinued:isAppInForeground:lastUse:discretion:now:)``,
    /// from the scheduler's state).
    var holdState: HoldState {
        rules.holdState(
            conditions: conditions, heldKinds: heldKinds, isWaitingForFirstUnlock: isWaitingForFirstUnlock,
            runningContinued: running.count { $0.request.kind == .continued }, isAppInForeground: isAppInForeground,
            lastUse: lastUse, discretion: discretion, now: engine.now)
    }

    /// Whether a task with `identifier` runs.
    func isRunning(_ identifier: String) -> Bool {
        running.contains { $0.task.identifier == identifier }
    }

    /// Brings launches and expirations in line with the current state. Re-entrant calls (from handlers)
    /// make the running evaluation go round once more.
    func reevaluate() {
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

    func evaluateOnce() {
        var state = holdState
        let lost = running.filter { rules.expires($0.request, in: state) }
        for entry in lost { expire(entry.task) }
        if !lost.isEmpty { state = holdState }
        for index in pending.indices {
            let request = pending[index].request
            let hold = state.reason(for: request)
            if hasFinishedLaunching { plan(request, at: index, hold: hold) }
            updateReason(of: request, at: index, hold: hold)
        }
    }

    /// Carries out the rules' plan (``TaskRules/plan(_:hold:isRunning:hasLaunch:hasReasonCheck:now:planner:discretion:)``)
    /// of the launch of the pending request at `index`, held by `hold` (nil: nothing holds it): its launch
    /// and its look at the reason scheduled or called off.
    func plan(_ request: TaskRequest, at index: Int, hold: TaskWaitReason?) {
        let plan = rules.plan(
            request, hold: hold, isRunning: running.contains { $0.task.identifier == request.identifier },
            hasLaunch: pending[index].launch != nil,
            hasReasonCheck: pending[index].reasonCheck != nil, now: engine.now, planner: &planner, discretion: discretion)
        switch plan {
        case nil: break
        case .unplanned:
            pending[index].plannedReason = .appUsage
        case .launch(let time, let reason, let checkAt):
            let actions = timerActions(of: request)
            pending[index].reasonCheck.map(engine.cancel)
            pending[index].plannedReason = reason
            pending[index].launch = engine.schedule(at: time, actions.launch)
            pending[index].reasonCheck = checkAt.map { engine.schedule(at: $0, actions.reasonCheck) }
        case .callOff(let checkAt):
            pending[index].launch.map(engine.cancel)
            pending[index].reasonCheck.map(engine.cancel)
            pending[index].launch = nil
            pending[index].plannedReason = nil
            pending[index].reasonCheck = checkAt.map { engine.schedule(at: $0, timerActions(of: request).reasonCheck) }
        case .checkReason(let time):
            pending[index].reasonCheck = engine.schedule(at: time, timerActions(of: request).reasonCheck)
        }
    }

    /// The launch (``launchBatch(_:)``) and the look at the reason (``updateReason(of:)``) of `request`'s
    /// identifier, made once for a refresh or processing identifier (planned again at every resubmission);
    /// a continued task's, one of any number under its wildcard, gets its own each time.
    func timerActions(of request: TaskRequest) -> TimerActions {
        let identifier = request.identifier
        if let known = timerActions.first(where: { $0.identifier == identifier }) { return known.actions }
        let actions = TimerActions(
            launch: { [unowned self] in launchBatch(identifier) },
            reasonCheck: { [unowned self] in updateReason(of: identifier) })
        if request.kind != .continued { timerActions.append((identifier, actions)) }
        return actions
    }

    /// The look at the reason of `identifier` when its earliest begin passes.
    func updateReason(of identifier: String) {
        guard let index = pending.firstIndex(where: { $0.request.identifier == identifier }) else { return }
        pending[index].reasonCheck = nil
        updateReason(at: index)
    }

    /// Brings the recorded reason of the pending request at `index` up to date: `task.waiting` when the
    /// rules say so (``TaskRules/waiting(_:hold:planned:previous:now:)``).
    func updateReason(at index: Int) {
        let request = pending[index].request
        // Before its earliest begin it waits for that, whatever holds it: nothing changes.
        if pending[index].reason == .earliestBegin, let begin = request.earliestBeginDate, begin > engine.now { return }
        updateReason(of: request, at: index, hold: holdState.reason(for: request))
    }

    /// ``updateReason(at:)`` for `request`, pending at `index`, whose hold is already known.
    func updateReason(of request: TaskRequest, at index: Int, hold: TaskWaitReason?) {
        guard let change = TaskRules.waiting(
            request, hold: hold, planned: pending[index].plannedReason,
            previous: pending[index].reason, now: engine.now)
        else { return }
        pending[index].reason = change.reason
        if change.isRecorded, let reason = change.reason {
            timeline.record(.taskWaiting(task: request.identifier, reason: reason.rawValue))
        }
    }

    /// The policy's launch of `identifier`: it launches first, then the rest of its batch
    /// (``TaskRules/batch(launching:from:at:in:isRunning:)``: every other pending refresh and processing task
    /// eligible now, in submission order). A launch that finds its task no longer eligible is called off
    /// until the next change.
    func launchBatch(_ identifier: String) {
        guard let index = pending.firstIndex(where: { $0.request.identifier == identifier }) else { return }
        guard let others = rules.batch(
            launching: pending[index].request, from: pending.lazy.map { $0.request }, at: engine.now, in: holdState,
            isRunning: isRunning)
        else {
            pending[index].launch = nil
            return
        }
        launch(identifier)
        for other in others { launch(other, with: identifier) }
    }

    @discardableResult
    func removePending(_ identifier: String) -> Bool {
        guard let index = pending.firstIndex(where: { $0.request.identifier == identifier }) else { return false }
        let entry = pending.remove(at: index)
        entry.launch.map(engine.cancel)
        entry.reasonCheck.map(engine.cancel)
        return true
    }

    /// Saves the pending refresh and processing requests; continued ones belong to the process that the
    /// user started them in, and are not kept.
    func save() {
        guard let store else { return }
        do {
            try store.saveTaskRequests(pending.map(\.request).filter { $0.kind != .continued })
        } catch {
            failedSaves.append(error.description)
            timeline.record(.error(message: error.description, code: "stateFile"))
        }
    }
}
