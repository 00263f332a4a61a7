public import BackgroundCore

/// The emulated app's process state — foreground, background, suspended, terminated — with iOS's
/// transitions: a backgrounded app keeps running only while something keeps it running (an
/// ``Activity``), and is suspended as soon as nothing does. Every change is a `lifecycle` event with its
/// reason.
///
/// The user moves the app between the foreground and the background (``moveToForeground(reason:)``,
/// ``moveToBackground(reason:gracePeriod:)``) or terminates it (``terminate(reason:)``). The rest follows
/// from activities: leaving the foreground begins a grace period (``Activity/grace``); a region event
/// wakes a suspended app for a short window (``wake(reason:)``); what each background mode names — a
/// background task, background audio, background location updates — keeps it running while it lasts
/// (``begin(_:reason:)``, ``end(_:reason:)``). An activity that begins while the app is suspended wakes it; one that begins
/// while it is terminated relaunches it into the background (``onLaunch``). docs/DEVICE.md lists the
/// rules with Apple's documentation.
///
/// ```swift
/// let lifecycle = AppLifecycle(engine: engine, timeline: timeline)
/// lifecycle.launch(reason: "launched by the user")              // lifecycle foreground
/// lifecycle.moveToBackground(reason: "the user left the app")    // lifecycle background
/// engine.advance(by: .seconds(30))                               // lifecycle suspended: grace period over
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
    /// Called after every state change, with the previous state.
    public var onChange: (_ from: LifecycleState, _ to: LifecycleState) -> Void = { _, _ in }
    /// Called when the app launches (the first time, or relaunched from `terminated`), after the
    /// `lifecycle` event: the app's `didFinishLaunching`.
    public var onLaunch: () -> Void = {}
    /// Called when the app is terminated, after the `lifecycle` event: stop what the process did.
    public var onTerminate: () -> Void = {}

    private var timers: [Activity: (id: EventID, end: SimTime)] = [:]
    private var terminating = false

    public init(engine: EventEngine, timeline: Timeline, configuration: Configuration = Configuration()) {
        self.engine = engine
        self.timeline = timeline
        self.configuration = configuration
    }

    /// Whether the app's code runs now (foreground or background).
    public var isRunning: Bool { state == .foreground || state == .background }

    // MARK: What the user does

    /// Launches the app into the foreground (from `terminated`); in any other state, brings it to the
    /// foreground.
    public func launch(reason: String) {
        moveToForeground(reason: reason)
    }

    /// The user opens the app: launched when terminated, resumed otherwise. Timed activities (the grace
    /// period, a wake window) end silently.
    public func moveToForeground(reason: String) {
        guard state != .foreground else { return }
        let wasTerminated = state == .terminated
        cancelTimer(.grace)
        cancelTimer(.wake)
        change(to: .foreground, reason: reason)
        if wasTerminated { onLaunch() }
    }

    /// The user leaves the app: it moves to the background and begins a grace period of
    /// ``Configuration/backgroundGrace`` (none when `gracePeriod` is false, or when the grace is zero).
    /// From `terminated` this launches the app into the background.
    public func moveToBackground(reason: String, gracePeriod: Bool = true) {
        switch state {
        case .foreground:
            change(to: .background, reason: reason)
            if gracePeriod && configuration.backgroundGrace > .zero {
                begin(.grace, reason: reason, for: configuration.backgroundGrace, ending: "the grace period after leaving the foreground ended")
            }
            suspendIfIdle(reason: "nothing keeps the app running in the background")
        case .terminated:
            change(to: .background, reason: reason)
            onLaunch()
            suspendIfIdle(reason: "nothing keeps the app running in the background")
        case .background:
            if !gracePeriod {
                cancelTimer(.grace)
                activities.removeAll { $0 == .grace }
                suspendIfIdle(reason: reason)
            }
        case .suspended:
            break
        }
    }

    /// The app's process ends (the user swipes it away, or the system reclaims it): every activity ends,
    /// and after the `lifecycle` event ``onTerminate`` stops what the process did.
    public func terminate(reason: String) {
        guard state != .terminated else { return }
        for activity in Array(timers.keys) { cancelTimer(activity) }
        activities.removeAll()
        terminating = true
        change(to: .terminated, reason: reason)
        onTerminate()
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
    public func begin(_ activity: Activity, reason: String) {
        guard !terminating else { return }
        if !activities.contains(activity) { activities.append(activity) }
        switch state {
        case .suspended: change(to: .background, reason: reason)
        case .terminated:
            change(to: .background, reason: "relaunched: \(reason)")
            onLaunch()
        case .foreground, .background: break
        }
    }

    /// An activity ends; a backgrounded app with nothing left to do is suspended, with `reason`.
    public func end(_ activity: Activity, reason: String) {
        cancelTimer(activity)
        guard let index = activities.firstIndex(of: activity) else { return }
        activities.remove(at: index)
        suspendIfIdle(reason: reason)
    }

    // MARK: Internals

    private func begin(_ activity: Activity, reason: String, for length: Duration, ending: String) {
        let end = engine.now + length
        if let timer = timers[activity] {
            guard timer.end < end else { return begin(activity, reason: reason) }
            engine.cancel(timer.id)
        }
        let id = engine.schedule(at: end) { [weak self] in
            guard let self else { return }
            timers[activity] = nil
            self.end(activity, reason: ending)
        }
        timers[activity] = (id, end)
        begin(activity, reason: reason)
    }

    private func cancelTimer(_ activity: Activity) {
        guard let timer = timers.removeValue(forKey: activity) else { return }
        engine.cancel(timer.id)
        activities.removeAll { $0 == activity }
    }

    private func suspendIfIdle(reason: String) {
        if state == .background && activities.isEmpty { change(to: .suspended, reason: reason) }
    }

    private func change(to new: LifecycleState, reason: String) {
        let old = state
        state = new
        timeline.record(.lifecycle(state: new, reason: reason))
        onChange(old, new)
    }
}
