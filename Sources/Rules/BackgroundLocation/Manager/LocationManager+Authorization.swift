import BackgroundCore

extension LocationManager {
    /// Whether the app is in use: in the foreground, or running while it holds a
    /// ``BackgroundActivitySession`` (what a when-in-use app needs for location).
    public var isInUse: Bool {
        applicationState == .foreground || (holdsBackgroundActivity && applicationState != .terminated)
    }

    /// Whether the app holds a ``BackgroundActivitySession``, or held one before a relaunch that is less
    /// than ``LocationManagerConfiguration/sessionRelaunchGrace`` ago.
    var holdsBackgroundActivity: Bool {
        !sessions.activity.isEmpty || (sessions.activityBeforeRelaunch && isInRelaunchGrace)
    }

    /// The same for ``ServiceSession``s.
    var holdsServiceSession: Bool {
        !sessions.service.isEmpty || (sessions.serviceBeforeRelaunch && isInRelaunchGrace)
    }

    private var isInRelaunchGrace: Bool { sessions.graceUntil.map { engine.now < $0 } ?? false }

    /// Why the CLLocationManager service is withheld now, or nil when it is not. Continuous updates keep
    /// their own rule for the app's state (``receivesContinuousUpdates``); this adds denial.
    func withheld(_ service: LocationService) -> LocationWithheld? {
        if authorization == .denied { return .authorizationDenied }
        switch service {
        case .continuous: return nil
        case .significant: return authorization == .always ? nil : .alwaysAuthorizationRequired
        case .regions:
            if authorization != .always { return .alwaysAuthorizationRequired }
            return accuracyAuthorization == .reduced ? .accuracyLimited : nil
        }
    }

    /// Why live updates are withheld now: they need the app in use, or running in the background with
    /// always authorization and ``allowsBackgroundLocationUpdates``.
    var liveUpdatesWithheld: LocationWithheld? {
        if authorization == .denied { return .authorizationDenied }
        if requiresExplicitServiceSession, !holdsServiceSession { return .serviceSessionRequired }
        if isInUse { return nil }
        if authorization == .always, applicationState == .background, allowsBackgroundLocationUpdates { return nil }
        return .insufficientlyInUse
    }

    /// Why ``LocationMonitor`` events are withheld now: always authorization gets them in every app state
    /// (they relaunch the app); when-in-use only while in use.
    var monitorEventsWithheld: LocationWithheld? {
        if authorization == .denied { return .authorizationDenied }
        if accuracyAuthorization == .reduced { return .accuracyLimited }
        if requiresExplicitServiceSession, !holdsServiceSession { return .serviceSessionRequired }
        return authorization == .always || isInUse ? nil : .insufficientlyInUse
    }

    /// Whether a CLLocationManager service may deliver now; reports it in the timeline when it starts
    /// being withheld.
    func allows(_ service: LocationService) -> Bool {
        note(withheld(service), service: service.name, last: &withheldReported[service.rawValue])
    }

    /// Says in the timeline (an `error` with the reason as its code) that `service` is withheld, when
    /// `last` (the reason said before) differs; returns whether it may deliver.
    func note(_ reason: LocationWithheld?, service: @autoclosure () -> String, last: inout LocationWithheld?) -> Bool {
        guard let reason else {
            last = nil
            return true
        }
        if last != reason {
            last = reason
            timeline.record(.error(message: reason.message(service()), code: reason.rawValue))
        }
        return false
    }

    /// The app's state changed: a terminated app loses its sessions; a relaunched one has
    /// ``LocationManagerConfiguration/sessionRelaunchGrace`` to create them again.
    func lifecycleChanged(from old: LifecycleState) {
        if applicationState == .terminated, old != .terminated {
            sessions.terminate()
        } else if old == .terminated, applicationState != .terminated,
            sessions.activityBeforeRelaunch || sessions.serviceBeforeRelaunch
        {
            sessions.graceUntil = engine.now + configuration.sessionRelaunchGrace
            engine.schedule(at: engine.now + configuration.sessionRelaunchGrace) { [weak self] in self?.accessChanged() }
        }
        accessChanged()
    }

    /// A session the app held ended; one the process lost with a termination is already gone.
    func endSession(_ id: ObjectIdentifier) {
        guard sessions.activity.remove(id) != nil || sessions.service.removeValue(forKey: id) != nil else { return }
        accessChanged()
    }

    /// Authorization, the app's state or its sessions changed: live updates, monitors and service sessions
    /// look again at what they may deliver.
    func accessChanged() {
        for update in sessions.service.values { update() }
        for observer in observers { observer.accessChanged() }
    }
}
