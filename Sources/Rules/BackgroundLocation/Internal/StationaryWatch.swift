import BackgroundCore

/// Whether the device is stationary: every fix within `radius` of where it settled for `after`, checked by
/// a timer on the rules' clock (so a gap in fixes counts as stationary); the first fix beyond the radius
/// ends it. CLLocationManager's automatic pause and live updates' `isStationary` both run on one.
final class StationaryWatch {
    private let clock: RuleClock
    /// The radius as a squared chord, to compare with unit vectors.
    private let radius2: Double
    private let after: Duration
    /// Whether the owner still follows the device when the timer runs.
    private let isActive: () -> Bool
    /// Called with true when the device becomes stationary, with false when it moves again.
    private let onChange: (Bool) -> Void
    @exclusivity(unchecked) private(set) var isStationary = false
    @exclusivity(unchecked) private var settledAt: UnitVector?
    @exclusivity(unchecked) private var settledSince = SimTime(nanosecondsSinceEpoch: 0)
    @exclusivity(unchecked) private var timer: Int?

    init(clock: RuleClock, radius: Double, after: Duration, isActive: @escaping () -> Bool, onChange: @escaping (Bool) -> Void) {
        self.clock = clock
        self.radius2 = Geodesy.squaredChord(forDistance: radius)
        self.after = after
        self.isActive = isActive
        self.onChange = onChange
    }

    /// The pending timer goes with the watch, so the timer can hold it unowned: a weak reference would
    /// give the watch a side table, and every fix would pay for it in reference counting.
    deinit { timer.map(clock.cancel) }

    /// Follows the device to `point`; returns false while it is stationary.
    func track(_ point: UnitVector, at now: SimTime) -> Bool {
        if let settled = settledAt, settled.squaredDistance(to: point) <= radius2 {
            return !isStationary
        }
        settledAt = point
        settledSince = now
        if isStationary {
            isStationary = false
            onChange(false)
        }
        if timer == nil { scheduleCheck() }
        return true
    }

    /// Forgets where the device settled, silently.
    func reset() {
        isStationary = false
        settledAt = nil
        timer.map(clock.cancel)
        timer = nil
    }

    private func scheduleCheck() {
        timer = clock.schedule(at: settledSince + after) { [unowned self] in
            timer = nil
            guard isActive(), !isStationary, settledAt != nil else { return }
            if clock.now >= settledSince + after {
                isStationary = true
                onChange(true)
            } else {
                scheduleCheck()
            }
        }
    }
}
