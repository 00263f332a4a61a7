package import BackgroundCore
package import BackgroundDevice
package import BackgroundLocation

/// The location background mode: monitors the manifest's regions and significant changes on a
/// ``LocationManager``, listening to its events beside the app's delegate (the manager's `delegate` stays the
/// app's): an entry, an exit or a significant change wakes or relaunches the app and is handed to its code
/// (``AppCode``'s `locationManager` callbacks; the manifest's `onEnter:`, `onExit:` and
/// `significantChange:` in ``ManifestApp``); so does a `LocationMonitor` (CLMonitor) condition's change, which
/// the app's code reads by opening the monitor again. It keeps the app running with continuous updates allowed in the background
/// (``AppLifecycle/Activity/location``) unless the manifest says `location: {updates: none}`. Monitoring belongs to the system: it survives the process, and
/// its events relaunch the app. The manifest's `location:` sets the manager's authorization and accuracy,
/// whose rules decide what reaches the app (docs/LOCATION.md, "Authorization and accuracy").
///
/// ```swift
/// let manager = LocationManager(engine: engine, timeline: timeline)
/// let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline,
///                           modes: [LocationMode(manager: manager), TaskMode()])
/// ```
package final class LocationMode: BackgroundMode {
    /// The manager, on the app's engine.
    package let manager: LocationManager

    private unowned var app: EmulatedApp?
    private var updatesLocation = false
    /// Whether the user force-quit the app and has not opened it since.
    private var wasForceQuit = false

    package init(manager: LocationManager) {
        self.manager = manager
    }

    package func attach(to app: EmulatedApp) throws(InputError) {
        precondition(manager.engine === app.engine, "the location manager must run on the app's engine")
        self.app = app
        manager.addEventListener { [unowned self] event in hear(event) }
        // A CLMonitor's event wakes or relaunches the app too; its code then opens the monitor by name to get it.
        manager.addMonitorEventListener { [unowned self] monitor, event in
            guard event.state == .satisfied || event.state == .unsatisfied else { return }
            _ = woken(reason: "monitor \(monitor): \(event.identifier) \(event.state.rawValue)")
        }
        manager.authorization = app.manifest.locationAuthorization
        manager.accuracyAuthorization = app.manifest.locationAccuracy
    }

    /// The first time, monitors the manifest's regions and significant changes; every time, starts
    /// continuous updates again when they ran before, and lets them keep the app running in the background
    /// with the `location` mode.
    package func appDidLaunch(first: Bool) {
        guard let app else { return }
        if first {
            // `location: {updates: none}`: the app never starts continuous updates (CONTRACTS.md §12).
            if app.manifest.locationUpdates == .none { manager.stopUpdatingLocation() }
            updatesLocation = manager.isUpdatingLocation
            manager.allowsBackgroundLocationUpdates = app.manifest.backgroundModes.contains("location")
            for region in app.manifest.regions {
                manager.startMonitoring(for: CircularRegion(
                    identifier: region.id, latitude: region.latitude, longitude: region.longitude, radius: region.radius))
            }
            if app.manifest.significantChange != nil { manager.startMonitoringSignificantLocationChanges() }
        } else if updatesLocation {
            manager.startUpdatingLocation()
        }
        if updatesLocation && manager.allowsBackgroundLocationUpdates {
            app.lifecycle.begin(.location, reason: "continuous location updates in the background")
        }
    }

    /// Continuous updates stop with the process; monitoring goes on.
    package func appDidTerminate() {
        manager.stopUpdatingLocation()
    }

    package func appDidChange(from: LifecycleState, to: LifecycleState) {
        manager.applicationState = to
        if to == .foreground { wasForceQuit = false }
    }

    /// A restart lifts a force quit only with ``EmulatedApp/Configuration/rebootLiftsForceQuit`` (docs/DEVICE.md).
    package func deviceDidChange(_ event: DeviceEvent) {
        if event == .reboot, app?.configuration.rebootLiftsForceQuit == true { wasForceQuit = false }
    }

    /// Monitoring goes on; without ``EmulatedApp/Configuration/locationRelaunchesAfterForceQuit`` its
    /// events no longer relaunch the app until the user opens it.
    package func appWasForceQuit() {
        wasForceQuit = true
    }

    // MARK: Location events

    /// The app, unless the user force-quit it and the events may not relaunch it.
    private var reachableApp: EmulatedApp? {
        guard let app, !(wasForceQuit && app.lifecycle.state == .terminated && !app.configuration.locationRelaunchesAfterForceQuit)
        else { return nil }
        return app
    }

    /// A region entry or exit, or a significant change: the app wakes (or relaunches) for the wake window,
    /// then its code hears it; its code hears every other event as it comes.
    private func hear(_ event: LocationManagerEvent) {
        switch event {
        case .entered(let region, let fix):
            guard let app = woken(reason: "region \(region.identifier) entered") else { return }
            app.code.locationManager(manager, didEnterRegion: region, at: fix)
        case .exited(let region, let fix):
            guard let app = woken(reason: "region \(region.identifier) exited") else { return }
            app.code.locationManager(manager, didExitRegion: region, at: fix)
        case .significantChange(let fix):
            guard let app = woken(reason: "significant location change") else { return }
            app.code.locationManager(manager, didReceiveSignificantChange: fix)
        default:
            app?.code.locationManager(manager, didReport: event)
        }
    }

    /// The app woken for an event, unless it may not be reached.
    private func woken(reason: String) -> EmulatedApp? {
        guard let app = reachableApp else { return nil }
        if app.lifecycle.state != .foreground { app.lifecycle.wake(reason: reason) }
        return app
    }
}

extension AppLifecycle.Activity {
    /// Continuous location updates allowed in the background.
    package static let location = Self("location", description: "background location updates")
}
