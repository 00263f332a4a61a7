import BackgroundCore

/// The region rules on the rules' clock: a ``RegionMonitor`` and the one timer at the end of the earliest
/// dwell under way, so that a crossing is reported when its dwell ends even if the next fix comes much
/// later. ``LocationManager``'s regions and every ``LocationMonitor``'s conditions each run on one.
final class RegionWatch {
    let monitor: RegionMonitor
    private let clock: RuleClock
    /// Called with every change, in the order the regions were added.
    private let report: (RegionMonitor.Change) -> Void
    @exclusivity(unchecked) private var dwellTimer: (id: Int, time: SimTime)?

    init(configuration: LocationManagerConfiguration, clock: RuleClock, report: @escaping (RegionMonitor.Change) -> Void) {
        self.monitor = RegionMonitor(configuration: configuration)
        self.clock = clock
        self.report = report
    }

    /// The pending timer goes with the watch, so the timer can hold it unowned: a weak reference would
    /// give the watch a side table, and every fix would pay for it in reference counting.
    deinit { dwellTimer.map { clock.cancel($0.id) } }

    /// Applies one fix at the rules' time `time`; `point` is its unit vector.
    func evaluate(_ fix: LocationFix, at point: UnitVector, time: SimTime) {
        for (_, change) in monitor.evaluate(fix, at: point, time: time) { report(change) }
        scheduleDwellEnd()
    }

    private func scheduleDwellEnd() {
        guard let deadline = monitor.nextDeadline() else { return }
        if let scheduled = dwellTimer, scheduled.time <= deadline { return }
        dwellTimer.map { clock.cancel($0.id) }
        let id = clock.schedule(at: deadline) { [unowned self] in
            dwellTimer = nil
            for (_, change) in monitor.confirmCrossings(at: clock.now) { report(change) }
            scheduleDwellEnd()
        }
        dwellTimer = (id, deadline)
    }
}
