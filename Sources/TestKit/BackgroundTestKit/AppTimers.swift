import BackgroundApp
import BackgroundCore
import EmulatedFoundation
import Foundation

/// The app's Foundation timers on the device's clock (docs/guides/your-own-code.md, "Time"): the timers the
/// app's code schedules on the main queue, which ``VirtualClock`` takes from `CFRunLoopAddTimer`, fired by
/// the device's engine at their fire dates, as the main run loop fires them on iOS:
/// - a timer due while the app is suspended fires when the app runs again (once, however many firings it
///   missed), and one that repeats is then due at the next multiple of its interval after now;
/// - a timer invalidated before it is due never fires; one whose `fireDate` the app moved later fires then;
/// - the app's termination ends its timers with its process.
@MainActor
final class AppTimers {
    private let app: EmulatedApp
    private var scheduled: [EventID: Timer] = [:]
    private var overdue: [Timer] = []

    init(app: EmulatedApp) {
        self.app = app
        app.lifecycle.addChangeListener { [weak self] from, to in
            guard let self, from == .suspended, to == .foreground || to == .background else { return }
            let timers = overdue
            overdue = []
            for timer in timers { due(timer) }
        }
        app.lifecycle.addTerminationListener { [weak self] in self?.end() }
    }

    /// Puts the timers taken since the last call on the engine; returns whether there were any.
    func adoptTaken() -> Bool {
        let timers = VirtualClock.shared.takenTimers()
        for timer in timers { schedule(timer) }
        return !timers.isEmpty
    }

    /// Forgets every timer (the process ended, or the device did).
    func end() {
        for id in scheduled.keys { app.engine.cancel(id) }
        scheduled = [:]
        overdue = []
    }

    private func schedule(_ timer: Timer) {
        let delay = Duration(timeInterval: max(0, timer.fireDate.timeIntervalSince(app.engine.now.date)))
        var id: EventID?
        id = app.engine.schedule(after: delay) { [weak self] in
            guard let self else { return }
            if let id { scheduled[id] = nil }
            due(timer)
        }
        if let id { scheduled[id] = timer }
    }

    private func due(_ timer: Timer) {
        guard timer.isValid else { return }
        let now = app.engine.now.date
        if timer.fireDate.timeIntervalSince(now) >= 0.001 { return schedule(timer) }
        guard app.lifecycle.isRunning else {
            if app.lifecycle.state == .suspended { overdue.append(timer) }
            return
        }
        // Foundation's fire(): the block runs, and a timer that does not repeat is invalidated.
        timer.fire()
        let interval = timer.timeInterval
        guard timer.isValid, interval > 0 else { return }
        let missed = max(0, (now.timeIntervalSince(timer.fireDate) / interval).rounded(.down))
        timer.fireDate = timer.fireDate.addingTimeInterval((missed + 1) * interval)
        schedule(timer)
    }
}
