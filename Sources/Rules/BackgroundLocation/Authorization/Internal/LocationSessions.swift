import BackgroundCore

/// The ``BackgroundActivitySession``s and ``ServiceSession``s the app holds, and those it held before its
/// latest relaunch, which count until `graceUntil`.
struct LocationSessions {
    var activity: Set<ObjectIdentifier> = []
    /// Each service session's diagnostics update.
    var service: [ObjectIdentifier: () -> Void] = [:]
    var graceUntil: SimTime?
    var activityBeforeRelaunch = false
    var serviceBeforeRelaunch = false

    /// The process ended: its sessions are gone.
    mutating func terminate() {
        activityBeforeRelaunch = !activity.isEmpty
        serviceBeforeRelaunch = !service.isEmpty
        activity.removeAll()
        service.removeAll()
        graceUntil = nil
    }
}
