package import BackgroundCore
package import BackgroundDevice
package import BackgroundLocation

/// The location background mode: monitors the manifest's regions and significant changes on a
/// ``LocationManager`` (the manager's delegate), runs their `onEnter:`, `onExit:` and `significantChange:`
/// actions as triggers, and keeps the app running with continuous updates allowed in the background
/// (``AppLifecycle/Activity/location``) unless the manifest says `location: {updates: none}`. Monitoring belongs to the system: it survives the process, and
/// its events relaunch the app. The manifest's `location:` sets the manager's authorization and accuracy,
/// whose rules decide what reaches the app (docs/LOCATION.md, "Authorization and accuracy").
///
/// ```swift
/// let manager = LocationManager(engine: engine, timeline: timeline)
/// let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline,
///                           modes: [LocationMode(manager: manager), TaskMode()])
/// ```
/// - Warning: Keep the app: the manager holds the mode weakly, as its delegate.
package final class LocationMode: BackgroundMode, LocationManagerDelegate {
    /// The manager, on the app's engine.
    package let manager: LocationManager

    private weak var app: EmulatedApp?
    private var updatesLocation = false
    /// Whether the user force-quit the app and has not opened it since.
    private var wasForceQuit = false

    package init(manager: LocationManager) {
        self.manager = manager
    }

    package func attach(to app: EmulatedApp) throws(InputError) {
        precondition(manager.engine === app.engine, "the location manager must run on the app's engine")
        self.app = app
        manager.delegate = self
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

    package func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion, at fix: LocationFix) {
        guard let app = reachableApp else { return }
        let trigger = ActionTrigger(.enter, region: region.identifier, latitude: fix.latitude, longitude: fix.longitude)
        app.trigger(app.manifest.regions.first { $0.id == region.identifier }?.onEnter, by: trigger,
                    reason: "region \(region.identifier) entered")
    }

    package func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion, at fix: LocationFix) {
        guard let app = reachableApp else { return }
        let trigger = ActionTrigger(.exit, region: region.identifier, latitude: fix.latitude, longitude: fix.longitude)
        app.trigger(app.manifest.regions.first { $0.id == region.identifier }?.onExit, by: trigger,
                    reason: "region \(region.identifier) exited")
    }

    package func locationManager(_ manager: LocationManager, didReceiveSignificantChange fix: LocationFix) {
        guard let app = reachableApp else { return }
        app.trigger(app.manifest.significantChange,
                    by: ActionTrigger(.significantChange, latitude: fix.latitude, longitude: fix.longitude),
                    reason: "significant location change")
    }
}

extension AppLifecycle.Activity {
    /// Continuous location updates allowed in the background.
    package static let location = Self("location", description: "background location updates")
}
