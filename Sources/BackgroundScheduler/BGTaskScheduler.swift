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
/// - A continued processing request (``BGContinuedProcessingTaskRequest``) needs a wildcard permit
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
///   discretion (``SystemDiscretion``) decides too: usage, critically low battery, the energy budget and
///   the rate limit. `task.waiting` says why a pending request waits (``TaskWaitReason``) when that changes
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
    public private(set) var conditions = DeviceConditions()
    /// The message of every failed save of the pending requests, in order (each is also an `error` event
    /// with code `stateFile`).
    public private(set) var failedSaves: [String] = []
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
    /// What the system's discretion has seen and spent (the realistic policy asks it; ``SystemDiscretion``).
    public private(set) var discretion: SystemDiscretion

    private let engine: EventEngine
    private let timeline: Timeline
    private let store: (any TaskRequestStore)?
    private var planner: LaunchPlanner
    private let permits: PermittedIdentifiers
    /// When the app was last in the foreground (now while it is).
    private var lastUse: SimTime
    private var handlers: [String: (BGTask) -> Void] = [:]
    private var conditionsListeners: [(DeviceConditions) -> Void] = []
    private var completionListeners: [(_ task: BGTask, _ success: Bool) -> Void] = []
    private var crashListeners: [(_ message: String) -> Void] = []
    private var timeUpListeners: [(_ task: BGTask) -> Void] = []
    private var launchListeners: [(_ task: BGTask) -> Void] = []
    private var hasFinishedLaunching = false
    private var hasConditions = false

    private struct Pending {
        var request: BGTaskRequest
        var launch: EventID?
        /// Why it is not launched now, as last recorded or passed over (nil: it is about to launch).
        var reason: TaskWaitReason?
        /// Why its planned launch is not sooner (the realistic policy's choice), while one is planned.
        var plannedReason: TaskWaitReason?
        /// A look at its reason when its earliest begin passes, when a planned launch comes later.
        var reasonCheck: EventID?
    }

    private struct Running {
        var task: BGTask
        var request: BGTaskRequest
        var launchedAt: SimTime
        var expiry: EventID?
        /// When the task's time is up (a refresh task's launch's end), if it has a fixed time.
        var deadline: SimTime?
        /// The kill at the time up, once the expiration handler has run without completing the task.
        var timeUp: EventID?
    }

    /// Pending requests in submission order.
    private var pending: [Pending] = []
    /// Running tasks in launch order.
    private var running: [Running] = []
    private var isEvaluating = false
    /// Kept for the scheduler's life: a source watching the machine stops when released.
    private let conditionsSource: any DeviceConditionsSource
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
        self.discretion = SystemDiscretion(configuration: configuration.discretion)
        self.permits = PermittedIdentifiers(self.permittedIdentifiers)
        self.lastUse = engine.now
        self.store = configuration.taskRequestStore
        if let store {
            pending = try store.loadTaskRequests().map { Pending(request: $0) }
        }
        conditionsSource = source
        source.start(on: engine) { [weak self] in self?.conditionsDidChange($0) }
    }

    // MARK: Listeners

    /// Adds `listener`, called with the new conditions after every change of the device conditions (after
    /// its `conditions` event and after the scheduler has launched or expired tasks for it). The app's
    /// other modes (background transfers, pushes) follow the conditions on the app's `Device`, not here.
    /// Every listener added is called, in the order they were added; none replaces another.
    public func addConditionsListener(_ listener: @escaping (DeviceConditions) -> Void) {
        conditionsListeners.append(listener)
    }

    /// Adds `listener`, called when a task has completed (after its `task.completed` event) with its
    /// success: the app learns a task's end here, not from the timeline.
    public func addCompletionListener(_ listener: @escaping (_ task: BGTask, _ success: Bool) -> Void) {
        completionListeners.append(listener)
    }

    /// Adds `listener`, called after a registration iOS answers with an exception (a second handler for an
    /// identifier) with its message (after its `error` event): the app hosting the scheduler ends there.
    public func addCrashListener(_ listener: @escaping (_ message: String) -> Void) {
        crashListeners.append(listener)
    }

    /// Adds `listener`, called when a task's time is up and the app has not completed it after its
    /// expiration handler ran: iOS kills the app there. The task then ends unsuccessfully, if the listener
    /// has not ended it.
    public func addTimeUpListener(_ listener: @escaping (_ task: BGTask) -> Void) {
        timeUpListeners.append(listener)
    }

    /// Adds `listener`, called when a task launches, after its `task.launched` event and before its launch
    /// handler runs: the system wakes the app for it (the emulated app's tasks mode listens here, beside the
    /// app's handler).
    public func addLaunchListener(_ listener: @escaping (_ task: BGTask) -> Void) {
        launchListeners.append(listener)
    }

    // MARK: Registration

    /// Registers the handler that runs when the task with `identifier` launches.
    ///
    /// Register every refresh and processing task before the app finishes launching
    /// (``finishLaunching()``), once per identifier, and only permitted identifiers; a continued
    /// processing task's handler (for a wildcard `prefix.*`, or one name under it) may also be registered
    /// later. Otherwise this returns false and records an `error` event (code `registration`) that says
    /// why — where iOS would refuse or raise an exception. A second registration of an identifier is the
    /// exception that ends the app on iOS: the crash listeners (``addCrashListener(_:)``) hear it.
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
            if !permits.allowsRegistration(of: identifier) {
                "cannot register \(identifier): it is not in the permitted identifiers (BGTaskSchedulerPermittedIdentifiers)"
            } else if handlers[identifier] != nil {
                "cannot register \(identifier) twice: a launch handler is already registered; iOS raises an exception and the app ends"
            } else if hasFinishedLaunching && !permits.isContinued(identifier) {
                "cannot register \(identifier) after the app finished launching: \(Self.lateRegistrationMessage) "
                    + "(NSInternalInconsistencyException); register every task before finishLaunching()"
            } else {
                nil
            }
        if let problem {
            timeline.record(.error(message: problem, code: "registration"))
            if handlers[identifier] != nil || hasFinishedLaunching && permits.allowsRegistration(of: identifier) {
                for listener in crashListeners { listener(problem) }
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
        try submit(request, fromExtension: nil)
    }

    /// Submits a request from one of the app's extensions (a keyboard, a widget, a share extension):
    /// `task.submitted` names it (`from`), and the task launches in the app, as every task does
    /// ("Tasks can be submitted from an extension, and always run in the main app", WWDC19 707).
    public func submit(_ request: BGTaskRequest, fromExtension extensionIdentifier: String?) throws(Error) {
        let identifier = request.identifier
        if let error = rejection(of: request) {
            timeline.record(.taskRejected(task: identifier, error: error.code.name, reason: error.reason))
            throw error
        }
        removePending(identifier)
        pending.append(Pending(request: request.copy()))
        timeline.record(.taskSubmitted(task: identifier, kind: request.kind, earliestBegin: request.earliestBeginDate, from: extensionIdentifier))
        updateReason(at: pending.count - 1)
        if let begin = request.earliestBeginDate, begin - engine.now > configuration.maxEarliestBeginAhead {
            timeline.record(.error(
                message: "\(identifier): earliestBeginDate is \(DurationSyntax.format(begin - engine.now)) ahead; Apple advises "
                    + "not more than \(DurationSyntax.format(configuration.maxEarliestBeginAhead)) (the request stays pending)",
                code: "earliestBeginTooFar"))
        }
        save()
        reevaluate()
    }

    /// iOS 27's form of ``submit(_:)``: submits the request and calls `completionHandler` with nil, or
    /// with the error it was rejected with, from the engine's queue at the present time (after the
    /// submission's event).
    public func submitTaskRequest(_ request: BGTaskRequest, completionHandler: @escaping (Error?) -> Void) {
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
    public func submitTaskRequest(_ request: BGTaskRequest) async throws(Error) {
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

    /// Copies of the pending requests, in submission order.
    public func pendingTaskRequests() -> [BGTaskRequest] {
        pending.map { $0.request.copy() }
    }

    // MARK: The user

    /// The user cancels the continued processing task `identifier` in the system's interface: a running
    /// one is expired (its expiration handler runs, `task.expired`), a queued one removed.
    ///
    /// - Returns: False when no continued task with that identifier is running or queued.
    @discardableResult
    public func cancelContinuedTask(identifier: String) -> Bool {
        if let entry = running.first(where: { $0.task.identifier == identifier && $0.request.kind == .continued }) {
            expire(entry.task)
            return true
        }
        guard pending.contains(where: { $0.request.identifier == identifier && $0.request.kind == .continued }) else {
            return false
        }
        removePending(identifier)
        return true
    }

    /// The user removed the app from the app switcher: queued continued processing requests are cancelled
    /// (the app's termination then expires what runs).
    public func appWasForceQuit() {
        for entry in pending where entry.request.kind == .continued { removePending(entry.request.identifier) }
    }

    /// The resources the emulated device supports for continued processing tasks (Apple's class property).
    public var supportedResources: BGContinuedProcessingTaskRequest.Resources { configuration.supportedResources }

    // MARK: The user's usage

    /// The user opened the app now: the system's discretion learns it (``SystemDiscretion``), and a
    /// request waiting for the app's use may launch.
    public func appWasOpened() {
        discretion.appWasOpened(at: engine.now)
        reevaluate()
    }

    /// The opens of the app the system saw before the run (`history:`).
    public func learnUsage(history: [SimTime]) {
        discretion.learn(history: history)
        reevaluate()
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
        if let continued = request as? BGContinuedProcessingTaskRequest { return rejection(of: continued) }
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

    private func rejection(of request: BGContinuedProcessingTaskRequest) -> Error? {
        let identifier = request.identifier
        if permits.wildcard(permitting: identifier) == nil {
            let wildcard = BGContinuedProcessingTaskRequest.wildcard(permitting: identifier)
            return Error(.notPermitted, reason: "continued task \(identifier) needs a wildcard in the permitted identifiers (add '\(wildcard)' to BGTaskSchedulerPermittedIdentifiers)")
        }
        if !isAppInForeground {
            return Error(.unavailable, reason: "continued tasks are submitted from the foreground, when the user starts the work")
        }
        if request.requiredResources.contains(.gpu) {
            if !entitlements.contains("gpu") {
                return Error(.notPermitted, reason: "\(identifier) requires the GPU: the app needs the Background GPU Access entitlement (com.apple.developer.background-tasks.continued-processing.gpu)")
            }
            if !supportedResources.contains(.gpu) {
                return Error(.unavailable, reason: "\(identifier) requires the GPU, which this device does not support in the background (BGTaskScheduler.supportedResources)")
            }
        }
        let runningOthers = running.count { $0.request.kind == .continued && $0.task.identifier != identifier }
        if request.strategy == .fail, runningOthers >= configuration.maxRunningContinuedTasks {
            return Error(.immediateRunIneligible, reason: "\(runningOthers) continued tasks run already (at most \(configuration.maxRunningContinuedTasks)) and the strategy is fail")
        }
        return nil
    }

    private func conditionsDidChange(_ new: DeviceConditions) {
        guard !hasConditions || new != conditions else { return }
        hasConditions = true
        conditions = new
        timeline.record(.conditions(new))
        reevaluate()
        for listener in conditionsListeners { listener(new) }
    }

    /// True unless the realistic policy is on and the app has not been in the foreground within the
    /// usage window.
    private var wasUsedRecently: Bool {
        guard case .realistic = configuration.policy, !isAppInForeground else { return true }
        let window = configuration.processingUsageWindow
        return engine.now - lastUse <= window || discretion.wasOpened(within: window, before: engine.now)
    }

    private var isRealistic: Bool {
        if case .realistic = configuration.policy { true } else { false }
    }

    /// What holds pending requests now (``HoldState``): the device and the user under both policies, and
    /// under the realistic one the system's discretion — critically low battery, and the app's use (a
    /// processing task's app used within ``Configuration/processingUsageWindow``, a refresh's app opened
    /// within the discretion's usage window).
    private var holdState: HoldState {
        let realistic = isRealistic
        return HoldState(
            conditions: conditions, heldKinds: heldKinds, isWaitingForFirstUnlock: isWaitingForFirstUnlock,
            hasContinuedPlace: running.count { $0.request.kind == .continued } < configuration.maxRunningContinuedTasks,
            isRealistic: realistic, isBatteryCritical: realistic && discretion.isBatteryCritical(conditions),
            wasUsedRecently: wasUsedRecently,
            wasOpenedRecently: realistic && discretion.wasOpened(within: configuration.discretion.usageWindow, before: engine.now))
    }

    /// True when the pending `request` may launch once its earliest begin has passed: nothing holds it
    /// (``holdState``) and no task of its identifier runs.
    private func mayLaunch(_ request: BGTaskRequest, in state: HoldState) -> Bool {
        state.reason(for: request) == nil && !running.contains { $0.task.identifier == request.identifier }
    }

    /// True when the pending `request` could launch now.
    private func isEligibleNow(_ request: BGTaskRequest, in state: HoldState) -> Bool {
        (request.earliestBeginDate ?? engine.now) <= engine.now && mayLaunch(request, in: state)
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
        var state = holdState
        let lost = running.filter { $0.request.kind == .processing && !state.conditionsAllow($0.request) }
        for entry in lost { expire(entry.task) }
        if !lost.isEmpty { state = holdState }
        for index in pending.indices {
            let request = pending[index].request
            let hold = state.reason(for: request)
            if hasFinishedLaunching { plan(request, at: index, hold: hold) }
            updateReason(of: request, at: index, hold: hold)
        }
    }

    /// Plans the launch of the pending request at `index` when nothing holds it (`hold` is nil), or calls
    /// off its planned launch when something does.
    private func plan(_ request: BGTaskRequest, at index: Int, hold: TaskWaitReason?) {
        let eligible = hold == nil && !running.contains { $0.task.identifier == request.identifier }
        if eligible, pending[index].launch == nil {
            let from = max(engine.now, request.earliestBeginDate ?? engine.now)
            guard let plan = plannedLaunch(request, eligibleAt: from) else {
                pending[index].plannedReason = .appUsage
                return
            }
            let identifier = request.identifier
            pending[index].plannedReason = plan.reason
            pending[index].launch = engine.schedule(at: plan.time) { [weak self] in self?.launchBatch(identifier) }
            if plan.reason != nil, from > engine.now {
                // From its earliest begin it waits for the planned launch's reason: record it then.
                pending[index].reasonCheck = engine.schedule(at: from) { [weak self] in self?.updateReason(of: identifier) }
            }
        } else if !eligible, let launch = pending[index].launch {
            engine.cancel(launch)
            pending[index].reasonCheck.map(engine.cancel)
            pending[index].launch = nil
            pending[index].reasonCheck = nil
            pending[index].plannedReason = nil
        }
    }

    /// When the policy launches `request`, eligible from `eligible`, and why not sooner: the eager
    /// policy's next minute; under the realistic policy a refresh ahead of the next predicted open, a
    /// processing task after its drawn delay, both no sooner than the rate limit and the energy budget
    /// allow (``SystemDiscretion``). Nil: no open is predicted.
    private func plannedLaunch(_ request: BGTaskRequest, eligibleAt eligible: SimTime) -> (time: SimTime, reason: TaskWaitReason?)? {
        if isRealistic, request.kind == .refresh {
            return discretion.refreshLaunch(eligibleAt: eligible, now: engine.now)
        }
        let deadline = (request.earliestBeginDate ?? eligible) + configuration.processingWindow
        let drawn = planner.launchTime(for: request.kind, eligibleAt: eligible, deadline: deadline)
        guard isRealistic, request.kind == .processing else { return (drawn, nil) }
        let allowed = discretion.earliestLaunch(at: drawn)
        return (allowed.time, allowed.time > drawn ? allowed.reason : nil)
    }

    /// The look at the reason of `identifier` when its earliest begin passes.
    private func updateReason(of identifier: String) {
        guard let index = pending.firstIndex(where: { $0.request.identifier == identifier }) else { return }
        pending[index].reasonCheck = nil
        updateReason(at: index)
    }

    /// Brings the recorded reason of the pending request at `index` up to date: `task.waiting` when the
    /// reason changes from one that held it to another, or to one only the scheduler knows
    /// (``TaskWaitReason/isKnownOnlyToTheScheduler``); a request that starts to wait for its earliest
    /// begin, its conditions, Low Power Mode, the Background App Refresh switch or a force quit is not
    /// recorded again (its `task.submitted`, the `conditions` and the `lifecycle` events show it), nor one
    /// that stops waiting (docs/SCHEDULER.md, "Why a task waits").
    private func updateReason(at index: Int) {
        let request = pending[index].request
        updateReason(of: request, at: index, hold: holdState.reason(for: request))
    }

    /// ``updateReason(at:)`` for `request`, pending at `index`, whose hold is already known.
    private func updateReason(of request: BGTaskRequest, at index: Int, hold: TaskWaitReason?) {
        let reason: TaskWaitReason? =
            if let hold { hold }
            else if let begin = request.earliestBeginDate, begin > engine.now { .earliestBegin }
            else { pending[index].plannedReason }
        let previous = pending[index].reason
        guard reason != previous else { return }
        pending[index].reason = reason
        guard let reason, reason != .earliestBegin else { return }
        let wasHeld = previous.map { $0 != .earliestBegin } ?? false
        if wasHeld || reason.isKnownOnlyToTheScheduler {
            timeline.record(.taskWaiting(task: request.identifier, reason: reason.rawValue))
        }
    }

    /// The policy's launch of `identifier`: it launches first, then every other pending refresh and
    /// processing task eligible now, in submission order — the system wakes the app once for all of them.
    /// A launch that finds its task no longer eligible (a continued task's place taken, the usage window
    /// passed) is called off until the next change.
    private func launchBatch(_ identifier: String) {
        guard let index = pending.firstIndex(where: { $0.request.identifier == identifier }) else { return }
        let state = holdState
        guard isEligibleNow(pending[index].request, in: state) else {
            pending[index].launch = nil
            return
        }
        let others = pending.filter {
            $0.request.identifier != identifier && $0.request.kind != .continued && isEligibleNow($0.request, in: state)
        }
        launch(identifier)
        for entry in others { launch(entry.request.identifier) }
    }

    private func launch(_ identifier: String) {
        guard let index = pending.firstIndex(where: { $0.request.identifier == identifier }) else { return }
        let entry = pending.remove(at: index)
        entry.launch.map(engine.cancel)
        entry.reasonCheck.map(engine.cancel)
        save()
        let request = entry.request
        guard let handler = handlers[identifier] ?? permits.wildcard(permitting: identifier).flatMap({ handlers[$0] }) else {
            let message = "\(Self.noHandlerMessage(identifier)) (NSInternalInconsistencyException)"
            timeline.record(.error(message: message, code: "noLaunchHandler"))
            for listener in crashListeners { listener(message) }
            return
        }
        let task: BGTask = switch request {
        case let continued as BGContinuedProcessingTaskRequest:
            BGContinuedProcessingTask(identifier: identifier, title: continued.title, subtitle: continued.subtitle)
        case is BGProcessingTaskRequest: BGProcessingTask(identifier: identifier)
        default: BGAppRefreshTask(identifier: identifier)
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
        if let continued = task as? BGContinuedProcessingTask {
            continued.progress.onChange = { [weak self, unowned continued] progress in
                self?.progressDidChange(continued, progress)
            }
        }
        timeline.record(.taskLaunched(task: identifier))
        for listener in launchListeners { listener(task) }
        handler(task)
    }

    /// The end of the time of a refresh task launched now: that of the launch already running (a refresh
    /// task that has not ended), or a new launch's ``Configuration/refreshBudget`` from now.
    private func launchDeadline() -> SimTime {
        let shared = running.filter { $0.request.kind == .refresh && !$0.task.isCompleted }.compactMap(\.deadline).max()
        var budget = configuration.refreshBudget
        if case .realistic = configuration.policy, let field = configuration.realisticRefreshBudget { budget = field }
        return shared.map { max($0, engine.now) } ?? engine.now + budget
    }

    /// Expires `task` at `time` (at once when that has passed), unless it ends first.
    private func expiry(of task: BGTask, at time: SimTime) -> EventID {
        engine.schedule(at: max(engine.now, time)) { [weak self, weak task] in
            if let task { self?.expire(task) }
        }
    }

    /// A continued task's report: a `task.progress` event, and its stall limit counts again from now.
    private func progressDidChange(_ task: BGContinuedProcessingTask, _ progress: TaskProgress) {
        guard !task.isCompleted, let index = running.firstIndex(where: { $0.task === task }) else { return }
        timeline.record(.taskProgress(task: task.identifier, completed: progress.completedUnitCount, total: progress.totalUnitCount))
        running[index].expiry.map(engine.cancel)
        running[index].expiry = expiry(of: task, at: engine.now + configuration.continuedStallLimit)
    }

    /// Warns the app that `task`'s time is nearly up: `task.expired`, then its expiration handler; without
    /// a handler the system marks the task completed unsuccessfully ("instead of sending a warning"). A task
    /// the handler leaves running is killed with the app when its time is up (``timeIsUp(_:)``): at its
    /// deadline, or ``Configuration/expirationLead`` from now when it has none or it has passed.
    private func expire(_ task: BGTask) {
        guard !task.isCompleted, !task.isExpired, let index = running.firstIndex(where: { $0.task === task }) else { return }
        task.isExpired = true
        timeline.record(.taskExpired(task: task.identifier))
        guard let handler = task.expirationHandler else { return task.setTaskCompleted(success: false) }
        let deadline = running[index].deadline.flatMap { $0 > engine.now ? $0 : nil } ?? engine.now + configuration.expirationLead
        handler()
        guard !task.isCompleted, let index = running.firstIndex(where: { $0.task === task }) else { return }
        running[index].timeUp = engine.schedule(at: deadline) { [weak self, weak task] in
            if let task { self?.timeIsUp(task) }
        }
    }

    /// The time of `task` is up and the app has not completed it: the time-up listeners hear it (the app
    /// is killed), then the task ends unsuccessfully.
    private func timeIsUp(_ task: BGTask) {
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

    /// Called by ``BGTask/setTaskCompleted(success:)`` on its first call.
    func taskDidComplete(_ task: BGTask, success: Bool) {
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

    @discardableResult
    private func removePending(_ identifier: String) -> Bool {
        guard let index = pending.firstIndex(where: { $0.request.identifier == identifier }) else { return false }
        let entry = pending.remove(at: index)
        entry.launch.map(engine.cancel)
        entry.reasonCheck.map(engine.cancel)
        return true
    }

    /// Saves the pending refresh and processing requests; continued ones belong to the process that the
    /// user started them in, and are not kept.
    private func save() {
        guard let store else { return }
        do {
            try store.saveTaskRequests(pending.map(\.request).filter { $0.kind != .continued })
        } catch {
            failedSaves.append(error.description)
            timeline.record(.error(message: error.description, code: "stateFile"))
        }
    }
}
