import BackgroundCore

/// Something that follows a ``LocationManager``'s fixes besides the manager's own services: a
/// ``LocationMonitor``'s conditions, live updates. Each is handed every fix after the manager's services,
/// on the same rules' clock.
protocol FixObserver: AnyObject {
    /// One fix at the rules' time `time`; `point` is its unit vector.
    func receive(_ fix: LocationFix, at point: UnitVector, time: SimTime)
    /// Authorization, the app's state or its sessions changed: deliver what was withheld, if it may be now.
    func accessChanged()
    /// The manager's run ended: finish every sequence handed out.
    func finish()
}
