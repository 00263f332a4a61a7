import BackgroundApp
import BackgroundCore
package import BackgroundLocation
import EmulatedFoundation

// The adapter of CoreLocation's managers to the device's LocationManager (the location mode's): what the app's
// managers ask is forwarded to it, and its events reach the managers' delegates through the app seam
// (BackgroundTestKit's DeviceCode hands them to deliver(_:)), after the location mode has woken or relaunched
// the app for them.

/// CLLocationManager's calls and events on the running device, on the main thread.
package enum EmulatedLocation {
    static var manager: LocationManager? { EmulatedSystem.current?.app.mode(LocationMode.self)?.manager }

    private final class Weak {
        weak var manager: CLLocationManager?
        init(_ manager: CLLocationManager) { self.manager = manager }
    }

    /// The current process's managers.
    private nonisolated(unsafe) static var managers: [Weak] = []
    /// The app's region objects, by identifier, as it gave them (the delegate gets them back).
    private nonisolated(unsafe) static var regions: [String: CLRegion] = [:]

    private static var live: [CLLocationManager] { managers.compactMap(\.manager) }

    static func adopt(_ manager: CLLocationManager) {
        EmulatedSystem.sync {
            managers.removeAll { $0.manager == nil }
            managers.append(Weak(manager))
        }
    }

    /// A new device: the regions the app gave the last one are not its.
    package static func deviceDidStart() {
        regions = [:]
    }

    /// The app's process ended: its managers with it (the system's regions stay monitored).
    package static func processDidEnd() {
        managers = []
    }

    static var authorizationStatus: CLAuthorizationStatus {
        EmulatedSystem.sync {
            switch manager?.authorization {
            case .always?: .authorizedAlways
            case .whenInUse?: .authorizedWhenInUse
            case .denied?: .denied
            case nil: .notDetermined
            }
        }
    }

    static var accuracyAuthorization: CLAccuracyAuthorization {
        EmulatedSystem.sync { manager?.accuracyAuthorization == .reduced ? .reducedAccuracy : .fullAccuracy }
    }

    static var lastLocation: CLLocation? {
        EmulatedSystem.sync { manager?.location.map(location) }
    }

    static var monitoredRegions: Set<CLRegion> {
        EmulatedSystem.sync { Set((manager?.monitoredRegions ?? []).map(region)) }
    }

    static var maximumRegionMonitoringDistance: CLLocationDistance {
        EmulatedSystem.sync { manager?.maximumRegionMonitoringDistance ?? -1 }
    }

    static func authorizationRequested(by requester: CLLocationManager) {
        EmulatedSystem.sync {
            guard let system = EmulatedSystem.current else { return }
            // The answer comes after the request returns, through the app seam.
            system.app.engine.schedule(at: system.app.engine.now) { [weak requester] in
                system.app.deliver(AppCall("locationManagerDidChangeAuthorization") {
                    guard let requester else { return }
                    requester.delegate?.locationManagerDidChangeAuthorization(requester)
                })
            }
        }
    }

    /// The device's manager follows what the app's managers ask together.
    static func configure(_ changed: CLLocationManager) {
        EmulatedSystem.sync {
            guard let manager else { return }
            manager.distanceFilter = changed.distanceFilter < 0 ? nil : changed.distanceFilter
            manager.desiredAccuracy = changed.desiredAccuracy < 0 ? nil : changed.desiredAccuracy
            manager.allowsBackgroundLocationUpdates = changed.allowsBackgroundLocationUpdates
            manager.pausesLocationUpdatesAutomatically = changed.pausesLocationUpdatesAutomatically
            let updates = live.contains(where: \.updatesLocation)
            if updates != manager.isUpdatingLocation { updates ? manager.startUpdatingLocation() : manager.stopUpdatingLocation() }
            let significant = live.contains(where: \.monitorsSignificantChanges)
            if significant != manager.isMonitoringSignificantLocationChanges {
                significant ? manager.startMonitoringSignificantLocationChanges() : manager.stopMonitoringSignificantLocationChanges()
            }
        }
    }

    static func startMonitoring(_ region: CLRegion, by requester: CLLocationManager) {
        EmulatedSystem.sync {
            guard let manager, let circular = region as? CLCircularRegion else {
                return requester.delegate?.locationManager(requester, monitoringDidFailFor: region, withError: CLError(.regionMonitoringFailure))
            }
            regions[region.identifier] = region
            manager.startMonitoring(for: emulated(circular))
        }
    }

    static func stopMonitoring(_ region: CLRegion) {
        EmulatedSystem.sync {
            guard let manager, let circular = region as? CLCircularRegion else { return }
            manager.stopMonitoring(for: emulated(circular))
        }
    }

    static func requestState(for region: CLRegion) {
        EmulatedSystem.sync {
            guard let manager, let circular = region as? CLCircularRegion else { return }
            manager.requestState(for: emulated(circular))
        }
    }

    private static func emulated(_ region: CLCircularRegion) -> CircularRegion {
        CircularRegion(
            identifier: region.identifier, latitude: region.center.latitude, longitude: region.center.longitude, radius: region.radius,
            notifyOnEntry: region.notifyOnEntry, notifyOnExit: region.notifyOnExit)
    }

    private static func region(_ emulated: CircularRegion) -> CLRegion {
        regions[emulated.identifier] ?? {
            let region = CLCircularRegion(
                center: CLLocationCoordinate2D(latitude: emulated.latitude, longitude: emulated.longitude), radius: emulated.radius,
                identifier: emulated.identifier)
            region.notifyOnEntry = emulated.notifyOnEntry
            region.notifyOnExit = emulated.notifyOnExit
            return region
        }()
    }

    static func location(_ fix: LocationFix) -> CLLocation {
        CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: fix.latitude, longitude: fix.longitude), altitude: fix.altitude ?? 0,
            horizontalAccuracy: fix.horizontalAccuracy ?? 5, verticalAccuracy: fix.altitude == nil ? -1 : 10,
            course: fix.course ?? -1, speed: fix.speed ?? -1, timestamp: (fix.time ?? EmulatedSystem.current?.app.engine.now ?? .defaultStart).date)
    }

    /// The device's location event `event`, to the delegates of the process's managers that take it.
    package static func deliver(_ event: LocationManagerEvent) {
        for manager in live {
            guard let delegate = manager.delegate else { continue }
            switch event {
            case .location(let fix) where manager.updatesLocation:
                delegate.locationManager(manager, didUpdateLocations: [location(fix)])
            case .significantChange(let fix) where manager.monitorsSignificantChanges:
                delegate.locationManager(manager, didUpdateLocations: [location(fix)])
            case .entered(let region, _):
                delegate.locationManager(manager, didEnterRegion: Self.region(region))
            case .exited(let region, _):
                delegate.locationManager(manager, didExitRegion: Self.region(region))
            case .determinedState(let state, let region):
                let answer: CLRegionState = switch state {
                case .inside: .inside
                case .outside: .outside
                case .unknown: .unknown
                }
                delegate.locationManager(manager, didDetermineState: answer, for: Self.region(region))
            case .startedMonitoring(let region):
                delegate.locationManager(manager, didStartMonitoringFor: Self.region(region))
            case .monitoringFailed(let region, _):
                delegate.locationManager(manager, monitoringDidFailFor: Self.region(region), withError: CLError(.regionMonitoringFailure))
            case .paused:
                if manager.updatesLocation { delegate.locationManagerDidPauseLocationUpdates(manager) }
            case .resumed:
                if manager.updatesLocation { delegate.locationManagerDidResumeLocationUpdates(manager) }
            case .failed:
                delegate.locationManager(manager, didFailWithError: CLError(.locationUnknown))
            case .location, .significantChange:
                break
            }
        }
    }
}
