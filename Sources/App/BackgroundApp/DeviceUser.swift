import BackgroundCore
import BackgroundDevice

/// The user's hand on the device: what the user does to the app — the manifest's `lifecycle:` script
/// (opening, leaving, suspending, terminating and force-quitting the app, the taps, the device's restarts
/// and locks, the debugger's commands) and its `usage:` (opening the app at times of day, leaving it after
/// a while). The app owns it (``EmulatedApp/user``); it tells the ``Device`` the opens before the run
/// (`Device.history`), and the app tells it each move to the foreground (`Device.opens`): the usage history
/// of the device's discretion, which modes ask, never the app.
///
/// A `usage:` entry opens the app at its time of day (simulation time, UTC), on its days, each open moved
/// by a time drawn evenly from −jitter…+jitter with the run's seed (``EmulatedApp/Configuration/seed``):
/// the draw depends only on the seed, the day and the entry, so the same seed gives the same opens. The
/// opens of the `history:` before the run are drawn the same way (`Device.history`); the run's days are
/// scheduled one day at a time, at each midnight.
///
/// ```swift
/// let app = try AppRecipe.standard.app(manifest, engine: engine, timeline: timeline)
/// app.start()                       // the user launches the app, then plays the script and the usage
/// engine.run(until: engine.now + .seconds(86_400))
/// app.device.opens                  // every time the user opened the app
/// ```
///
/// - Warning: Not thread-safe: use it on the engine's owner only.
public final class DeviceUser {
    /// Whether steps of the `lifecycle:` script are still to come.
    public var hasStepsLeft: Bool { stepsLeft > 0 }

    private let engine: EventEngine
    private unowned var app: EmulatedApp?
    private var stepsLeft = 0
    /// The usage opens under way (overlapping entries): the app goes back to the background when the last ends.
    private var usageOpen = 0
    private var usage: [UsagePattern] = []
    private var seed: UInt64 = 0
    private var firstDay: Int64 = 0

    init(engine: EventEngine) {
        self.engine = engine
    }

    /// Starts the user's hand on `app` now: its lifecycle script's steps, counted from now, and its usage,
    /// from now on (the opens before now within `history:` are the device's `history`).
    func start(on app: EmulatedApp) {
        self.app = app
        let start = engine.now
        let manifest = app.manifest
        stepsLeft = manifest.lifecycle.count
        for (index, step) in manifest.lifecycle.enumerated() {
            engine.schedule(at: start + step.offset) { [unowned self] in
                stepsLeft -= 1
                apply(step, name: "lifecycle[\(index)]")
            }
        }
        guard !manifest.usage.isEmpty else { return }
        usage = manifest.usage
        seed = app.configuration.seed
        firstDay = SimCalendar.day(of: start)
        let earliest = start - manifest.history
        var history: [SimTime] = []
        for day in SimCalendar.day(of: earliest)...firstDay {
            history += opens(onDay: day).map(\.time).filter { $0 >= earliest && $0 < start }
        }
        app.device.learn(history: history)
        scheduleDay(firstDay)
    }

    /// The usage opens of `day`, each with how long it lasts, in time order.
    func opens(onDay day: Int64) -> [(time: SimTime, duration: Duration)] {
        UsagePattern.occurrences(of: usage, onDay: day, firstDay: firstDay, seed: seed).map { ($0.time, $0.duration) }
    }

    /// Schedules the opens of `day` still to come, and the next day's at its midnight.
    private func scheduleDay(_ day: Int64) {
        for open in opens(onDay: day) where open.time >= engine.now {
            engine.schedule(at: open.time) { [unowned self] in openForUsage(for: open.duration) }
        }
        engine.schedule(at: SimCalendar.midnight(ofDay: day + 1)) { [unowned self] in scheduleDay(day + 1) }
    }

    /// A usage entry's open: the app comes to the foreground, and goes back to the background after
    /// `duration` (when no other usage open is still under way).
    private func openForUsage(for duration: Duration) {
        guard let app else { return }
        usageOpen += 1
        if app.lifecycle.state != .foreground { open(app) }
        engine.schedule(after: duration) { [unowned self] in
            guard let app = self.app else { return }
            usageOpen -= 1
            if usageOpen == 0, app.lifecycle.state == .foreground {
                app.lifecycle.moveToBackground(reason: "the user left the app")
            }
        }
    }

    /// The user brings the app to the foreground: launched when it was terminated, opened otherwise.
    private func open(_ app: EmulatedApp) {
        let lifecycle = app.lifecycle
        lifecycle.moveToForeground(reason: lifecycle.state == .terminated ? "launched by the user" : "the user opened the app")
        // An app the system kept in the background is, once opened, an app like any other.
        lifecycle.end(.keptInBackground, reason: "the user opened the app")
    }

    /// A lifecycle step, now: its kind carries it out; `name` (`lifecycle[1]`) names it. The script's steps
    /// come here at their times, and so do the test's hands on an emulated device (`moveApp(to:)`, `reboot()`…).
    package func apply(_ step: ManifestLifecycleStep, name: String) {
        guard let app else { return }
        // What the user does shows, even to an app kept in the background unseen until now.
        app.lifecycle.recordsChanges = true
        step.change.kind.perform(step.change.value, LifecycleStepKind.Step(step: step, app: app, name: name))
    }

    /// An `app:` step: a state, with the background task it holds and the user's tap, or a force quit.
    func apply(_ change: AppStep, _ step: LifecycleStepKind.Step) {
        let app = step.app
        guard case .state(let state) = change else { return app.forceQuit() }
        // Begun as early as possible: before the app leaves the foreground (UIKit's advice).
        let holdsWorkFirst = app.lifecycle.state == .foreground
        let work = step.step.backgroundTask
        if let work, holdsWorkFirst { beginBackgroundWork(work, name: step.name, on: app.lifecycle) }
        apply(state, to: app)
        if let work, !holdsWorkFirst { beginBackgroundWork(work, name: step.name, on: app.lifecycle) }
        if let action = step.step.action {
            app.perform(action, trigger: ActionTrigger(.user))
        }
    }

    private func apply(_ step: LifecycleState, to app: EmulatedApp) {
        let lifecycle = app.lifecycle
        switch step {
        case .foreground: open(app)
        case .background: lifecycle.moveToBackground(reason: "the user left the app")
        case .suspended: lifecycle.moveToBackground(reason: "the system suspended the app", gracePeriod: false)
        case .terminated: lifecycle.terminate(reason: "the user terminated the app")
        }
    }

    /// A background task holding `work`: the app ends it when the work is done, or from its expiration
    /// handler, as a well-behaved app does.
    private func beginBackgroundWork(_ work: Duration, name: String, on lifecycle: AppLifecycle) {
        var identifier = AppLifecycle.BackgroundTaskIdentifier.invalid
        var done: EventID?
        identifier = lifecycle.beginBackgroundTask(withName: name) { [unowned self, unowned lifecycle] in
            done.map(engine.cancel)
            lifecycle.endBackgroundTask(identifier)
        }
        guard identifier != .invalid else { return }
        done = engine.schedule(after: work) { [unowned lifecycle] in lifecycle.endBackgroundTask(identifier) }
    }
}
