public import BackgroundCore

/// The emulated app's process state — foreground, background, suspended, terminated — with iOS's
/// transitions: a backgrounded app keeps running only while something keeps it running (an
/// ``Activity``), and is suspended as soon as nothing does. Every change is a `lifecycle` event with its
/// reason.
///
/// The user moves the app between the foreground and the background (``moveToForeground(reason:)``,
/// ``moveToBackground(reason:gracePeriod:)``) or terminates it (``terminate(reason:)``). The rest follows
/// from activities: a background task (``beginBackgroundTask(withName:expirationHandler:)``, UIKit's)
/// keeps the app running for at most ``Configuration/backgroundTaskTime`` in the background — an app
/// that leaves the foreground holding none gets the system's own, `system`, for
/// ``Configuration/backgroundGrace``; a region event wakes a suspended app for a short window
/// (``wake(reason:)``); what each background mode names — a BGTask, background audio, background
/// location updates — keeps it running while it lasts (``begin(_:reason:)``, ``end(_:reason:)``). An
/// activity that begins while the app is suspended wakes it; one that begins while it is terminated
/// relaunches it into the background (the launch listeners). docs/DEVICE.md lists the rules with Apple's
/// documentation.
///
/// ```swift
/// let lifecycle = AppLifecycle(engine: engine, timeline: timeline)
/// lifecycle.launch(reason: "launched by the user")              // lifecycle foreground
/// var save = AppLifecycle.BackgroundTaskIdentifier.invalid
/// save = lifecycle.beginBackgroundTask(withName: "save") { lifecycle.endBackgroundTask(save) }
/// lifecycle.moveToBackground(reason: "the user left the app")    // lifecycle background
/// engine.advance(by: .seconds(25))                               // backgroundTask.expired save, …ended
/// lifecycle.wake(reason: "region museum entered")                // lifecycle background, for 10 s
/// ```
///
/// - Warning: Not thread-safe: use it on the engine's owner only, like the engine itself.
public final class AppLifecycle {
    public let engine: EventEngine
    public let timeline: Timeline
    public let configuration: Configuration
    /// The state now; `terminated` until ``launch(reason:)``.
    public private(set) var state = LifecycleState.terminated
    /// What keeps the app running now, in the order the activities began.
    public private(set) var activities: [Activity] = []

    /// Whether changes are `lifecycle` events (false for an app kept in the background, whose process
    /// state is not shown: ``EmulatedApp/Configuration/Launch/keptInBackground``).
    var recordsChanges = true
    private var changeListeners: [(_ from: LifecycleState, _ to: LifecycleState) -> Void] = []
    private var launchListeners: [() -> Void] = []
    private var terminationListeners: [() -> Void] = []
    private var timers: [Activity: (id: EventID, end: SimTime)] = [:]
    private var terminating = false
    /// The background tasks held, in the order they began.
    private var backgroundTasks: [HeldBackgroundTask] = []
    private var lastBackgroundTask = 0
    /// The system's background task after leaving the foreground, and the event that ends it.
    private var systemTask: (identifier: BackgroundTaskIdentifier, end: EventID)?
    /// While background tasks run in the background: when their time runs out, and the events of their
    /// expiration and of that end.
    private var backgroundTime: (deadline: SimTime, expiration: EventID, end: EventID)?

    public init(engine: EventEngine, timeline: Timeline, configuration: Configuration = Configuration()) {
        self.engine = engine
        self.timeline = timeline
        self.configuration = configuration
    }

    /// Adds `listener`, called after every state change with the previous state and the new one.
    public func addChangeListener(_ listener: @escaping (_ from: LifecycleState, _ to: LifecycleState) -> Void) {
        changeListeners.append(listener)
    }

    /// Adds `listener`, called when the app launches (the first time, or relaunched from `terminated`),
    /// after the `lifecycle` event: the app's `didFinishLaunching`.
    public func addLaunchListener(_ listener: @escaping () -> Void) {
        launchListeners.append(listener)
    }

    /// Adds `listener`, called when the app is terminated, after the `lifecycle` event: stop what the
    /// process did.
    public func addTerminationListener(_ listener: @escaping () -> Void) {
        terminationListeners.append(listener)
    }

    /// Whether the app's code runs now (foreground or background).
    public var isRunning: Bool { state == .foreground || state == .background }

    // MARK: What the user does

    /// Launches the app into the foreground (from `terminated`); in any other state, brings it to the
    /// foreground.
    public func launch(reason: String) {
        moveToForeground(reason: reason)
    }

    /// The user opens the app: launched when terminated, resumed otherwise. A wake window ends silently,
    /// the system's background task ends, and the app's background tasks run on without a limit.
    public func moveToForeground(reason: String) {
        guard state != .foreground else { return }
        let wasTerminated = state == .terminated
        cancelTimer(.wake)
        change(to: .foreground, reason: reason)
        endSystemTask(reason: reason)
        stopBackgroundTime()
        if wasTerminated { launched() }
    }

    /// The user leaves the app: it moves to the background, where the background tasks it holds have
    /// ``Configuration/backgroundTaskTime``; holding none, it gets the system's background task `system`
    /// for ``Configuration/backgroundGrace`` (none when `gracePeriod` is false, or when the grace is zero).
    /// From `terminated` this launches the app into the background. `gracePeriod` false in the background
    /// ends the system's background task: the system suspends the app unless something else keeps it
    /// running.
    public func moveToBackground(reason: String, gracePeriod: Bool = true) {
        switch state {
        case .foreground:
            change(to: .background, reason: reason)
            if gracePeriod && backgroundTasks.isEmpty && configuration.backgroundGrace > .zero { beginSystemTask() }
            startBackgroundTime()
            suspendIfIdle(reason: "nothing keeps the app running in the background")
        case .terminated:
            change(to: .background, reason: reason)
            launched()
            suspendIfIdle(reason: "nothing keeps the app running in the background")
        case .background:
            if !gracePeriod { endSystemTask(reason: reason) }
        case .suspended:
            break
        }
    }

    /// The app's process ends (the user swipes it away, or the system reclaims it): every activity ends,
    /// and after the `lifecycle` event the termination listeners stops what the process did.
    public func terminate(reason: String) {
        guard state != .terminated else { return }
        for activity in Array(timers.keys) { cancelTimer(activity) }
        systemTask.map { engine.cancel($0.end) }
        systemTask = nil
        stopBackgroundTime()
        backgroundTasks.removeAll()
        activities.removeAll()
        terminating = true
        change(to: .terminated, reason: reason)
        for listener in terminationListeners { listener() }
        activities.removeAll()
        terminating = false
    }

    // MARK: What keeps the app running

    /// A region or significant-change event for the app: a suspended app is woken (a terminated one
    /// relaunched) into the background for ``Configuration/wakeWindow``; a running app's window is
    /// extended.
    public func wake(reason: String) {
        begin(.wake, reason: reason, for: configuration.wakeWindow, ending: "the wake window ended")
    }

    /// Something begins to keep the app running; a suspended app wakes, a terminated one relaunches.
    public func begin(_ activity: Activity, reason: @autoclosure () -> String) {
        guard !terminating else { return }
        if !activities.contains(activity) { activities.append(activity) }
        switch state {
        case .suspended: change(to: .background, reason: reason())
        case .terminated:
            change(to: .background, reason: "relaunched: \(reason())")
            launched()
        case .foreground, .background: break
        }
    }

    /// An activity ends; a backgrounded app with nothing left to do is suspended, with `reason`.
    public func end(_ activity: Activity, reason: @autoclosure () -> String) {
        // A timed activity ended early is removed with its timer.
        guard let index = activities.firstIndex(of: activity) else { return cancelTimer(activity) }
        activities.remove(at: index)  // once: begin adds an activity once
        cancelTimer(activity)
        suspendIfIdle(reason: reason())
    }

    // MARK: Background tasks

    /// Begins a background task (UIKit's `beginBackgroundTask(withName:expirationHandler:)`): the app keeps
    /// running until it ends the task (``endBackgroundTask(_:)``), at most ``Configuration/backgroundTaskTime``
    /// in the background, a time all its background tasks share. `expirationHandler` runs
    /// ``Configuration/expirationWarning`` before that time runs out (`backgroundTask.expired`) and must end
    /// the task: one still held when the time runs out gets the app terminated. Records
    /// `backgroundTask.begun`.
    ///
    /// - Parameter name: How the timeline names the task; nil names it by its identifier (`task 3`).
    /// - Returns: The task's identifier, or ``BackgroundTaskIdentifier/invalid`` (and nothing happens) when
    ///   the app does not run — it is suspended or terminated.
    public func beginBackgroundTask(withName name: String? = nil, expirationHandler: (() -> Void)? = nil) -> BackgroundTaskIdentifier {
        guard isRunning, !terminating else { return .invalid }
        lastBackgroundTask += 1
        let identifier = BackgroundTaskIdentifier(rawValue: lastBackgroundTask)
        let task = HeldBackgroundTask(identifier: identifier, name: name ?? "task \(identifier.rawValue)", expirationHandler: expirationHandler)
        backgroundTasks.append(task)
        timeline.record(.backgroundTask(task.name, .begun))
        begin(.backgroundTask(identifier), reason: "background task \(task.name) began")
        startBackgroundTime()
        return identifier
    }

    /// Ends a background task (UIKit's `endBackgroundTask(_:)`): `backgroundTask.ended`; a backgrounded app
    /// that holds nothing else is suspended. An identifier not held (invalid, or ended already) does
    /// nothing.
    public func endBackgroundTask(_ identifier: BackgroundTaskIdentifier) {
        guard let task = backgroundTasks.first(where: { $0.identifier == identifier }) else { return }
        endBackgroundTask(identifier, reason: "background task \(task.name) ended")
    }

    /// The time the app's background tasks have left (UIKit's `backgroundTimeRemaining`): nil — no limit —
    /// in the foreground, where UIKit gives "a suitably large" value; in the background, the time until
    /// their time runs out, or the whole ``Configuration/backgroundTaskTime`` when the app holds none (what
    /// a task begun now gets); zero while the app does not run.
    public var backgroundTimeRemaining: Duration? {
        switch state {
        case .foreground: nil
        case .suspended, .terminated: .zero
        case .background: backgroundTime.map { max(.zero, $0.deadline - engine.now) } ?? configuration.backgroundTaskTime
        }
    }

    private func endBackgroundTask(_ identifier: BackgroundTaskIdentifier, reason: String) {
        guard let index = backgroundTasks.firstIndex(where: { $0.identifier == identifier }) else { return }
        let task = backgroundTasks.remove(at: index)
        timeline.record(.backgroundTask(task.name, .ended))
        if backgroundTasks.isEmpty { stopBackgroundTime() }
        end(.backgroundTask(identifier), reason: reason)
    }

    /// The system's background task after the app leaves the foreground holding none of its own.
    private func beginSystemTask() {
        let identifier = beginBackgroundTask(withName: "system") { [unowned self] in
            endSystemTask(reason: "the system's background task expired")
        }
        let end = engine.schedule(after: configuration.backgroundGrace) { [unowned self] in
            endSystemTask(reason: "the system's background task after leaving the foreground ended")
        }
        systemTask = (identifier, end)
    }

    private func endSystemTask(reason: String) {
        guard let task = systemTask else { return }
        engine.cancel(task.end)
        systemTask = nil
        endBackgroundTask(task.identifier, reason: reason)
    }

    /// Starts the background tasks' time when the app is in the background and holds one, unless it runs.
    private func startBackgroundTime() {
        guard backgroundTime == nil, state == .background, !backgroundTasks.isEmpty else { return }
        let deadline = engine.now + configuration.backgroundTaskTime
        let expiration = engine.schedule(at: max(engine.now, deadline - configuration.expirationWarning)) { [unowned self] in
            expireBackgroundTasks()
        }
        let end = engine.schedule(at: deadline) { [unowned self] in backgroundTimeRanOut() }
        backgroundTime = (deadline, expiration, end)
    }

    private func stopBackgroundTime() {
        guard let time = backgroundTime else { return }
        engine.cancel(time.expiration)
        engine.cancel(time.end)
        backgroundTime = nil
    }

    /// Runs the expiration handler of every task held (each may end its task, or others).
    private func expireBackgroundTasks() {
        for identifier in backgroundTasks.map(\.identifier) {
            guard let index = backgroundTasks.firstIndex(where: { $0.identifier == identifier }),
                  !backgroundTasks[index].hasExpired else { continue }
            backgroundTasks[index].hasExpired = true
            let task = backgroundTasks[index]
            timeline.record(.backgroundTask(task.name, .expired))
            task.expirationHandler?()
        }
    }

    private func backgroundTimeRanOut() {
        backgroundTime = nil
        guard let task = backgroundTasks.first else { return }
        terminate(reason: "background task \(task.name) was not ended before its time ran out")
    }

    // MARK: Internals

    /// Begins `activity` for `length` at most: then it ends with `ending` as the reason.
    func begin(_ activity: Activity, reason: String, for length: Duration, ending: String) {
        let end = engine.now + length
        if let timer = timers[activity] {
            guard timer.end < end else { return begin(activity, reason: reason) }
            engine.cancel(timer.id)
        }
        let id = engine.schedule(at: end) { [unowned self] in
            timers[activity] = nil
            self.end(activity, reason: ending)
        }
        timers[activity] = (id, end)
        begin(activity, reason: reason)
    }

    private func cancelTimer(_ activity: Activity) {
        // Most activities have no timer, and an empty dictionary still hashes the key it is asked for.
        guard !timers.isEmpty, let timer = timers.removeValue(forKey: activity) else { return }
        engine.cancel(timer.id)
        activities.removeAll { $0 == activity }
    }

    private func suspendIfIdle(reason: @autoclosure () -> String) {
        if state == .background && activities.isEmpty { change(to: .suspended, reason: reason()) }
    }

    private func launched() {
        for listener in launchListeners { listener() }
    }

    private func change(to new: LifecycleState, reason: String) {
        let old = state
        state = new
        if recordsChanges { timeline.record(.lifecycle(state: new, reason: reason)) }
        for listener in changeListeners { listener(old, new) }
    }
}
