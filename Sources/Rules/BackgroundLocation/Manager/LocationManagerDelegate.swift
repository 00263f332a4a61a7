/// Receives a ``LocationManager``'s events the way `CLLocationManagerDelegate` does; every method is
/// optional (has an empty default).
///
/// ```swift
/// final class Tour: LocationManagerDelegate {
///     func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion) {
///         print("welcome to", region.identifier)
///     }
/// }
/// let tour = Tour()
/// manager.delegate = tour   // held weakly, as on iOS
/// ```
/// Significant-change updates arrive through ``locationManager(_:didUpdateLocations:)`` as on iOS, unless
/// the delegate implements ``locationManager(_:didReceiveSignificantChange:)``; region entries and exits
/// also come with the fix that decided them.
public protocol LocationManagerDelegate: AnyObject {
    func locationManager(_ manager: LocationManager, didUpdateLocations locations: [LocationFix])
    func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion)
    func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion)
    /// A region entry with the fix that decided it; by default, calls
    /// ``locationManager(_:didEnterRegion:)``.
    func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion, at fix: LocationFix)
    /// A region exit with the fix that decided it; by default, calls ``locationManager(_:didExitRegion:)``.
    func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion, at fix: LocationFix)
    /// A significant-change update; by default, calls ``locationManager(_:didUpdateLocations:)`` as iOS does.
    func locationManager(_ manager: LocationManager, didReceiveSignificantChange fix: LocationFix)
    func locationManager(_ manager: LocationManager, didDetermineState state: RegionState, for region: CircularRegion)
    func locationManager(_ manager: LocationManager, didStartMonitoringFor region: CircularRegion)
    func locationManager(
        _ manager: LocationManager, monitoringDidFailFor region: CircularRegion?, withError error: LocationManagerError
    )
    func locationManager(_ manager: LocationManager, didFailWithError error: LocationManagerError)
    func locationManagerDidPauseLocationUpdates(_ manager: LocationManager)
    func locationManagerDidResumeLocationUpdates(_ manager: LocationManager)
}

extension LocationManagerDelegate {
    public func locationManager(_ manager: LocationManager, didUpdateLocations locations: [LocationFix]) {}
    public func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion) {}
    public func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion) {}
    public func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion, at fix: LocationFix) {
        locationManager(manager, didEnterRegion: region)
    }
    public func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion, at fix: LocationFix) {
        locationManager(manager, didExitRegion: region)
    }
    public func locationManager(_ manager: LocationManager, didReceiveSignificantChange fix: LocationFix) {
        locationManager(manager, didUpdateLocations: [fix])
    }
    public func locationManager(
        _ manager: LocationManager, didDetermineState state: RegionState, for region: CircularRegion
    ) {}
    public func locationManager(_ manager: LocationManager, didStartMonitoringFor region: CircularRegion) {}
    public func locationManager(
        _ manager: LocationManager, monitoringDidFailFor region: CircularRegion?, withError error: LocationManagerError
    ) {}
    public func locationManager(_ manager: LocationManager, didFailWithError error: LocationManagerError) {}
    public func locationManagerDidPauseLocationUpdates(_ manager: LocationManager) {}
    public func locationManagerDidResumeLocationUpdates(_ manager: LocationManager) {}
}

extension LocationManagerEvent {
    /// Calls the delegate method that corresponds to this event.
    func send(to delegate: any LocationManagerDelegate, from manager: LocationManager) {
        switch self {
        case .location(let fix): delegate.locationManager(manager, didUpdateLocations: [fix])
        case .significantChange(let fix): delegate.locationManager(manager, didReceiveSignificantChange: fix)
        case .determinedState(let state, let region): delegate.locationManager(manager, didDetermineState: state, for: region)
        case .entered(let region, let fix): delegate.locationManager(manager, didEnterRegion: region, at: fix)
        case .exited(let region, let fix): delegate.locationManager(manager, didExitRegion: region, at: fix)
        case .startedMonitoring(let region): delegate.locationManager(manager, didStartMonitoringFor: region)
        case .monitoringFailed(let region, let error):
            delegate.locationManager(manager, monitoringDidFailFor: region, withError: error)
        case .paused: delegate.locationManagerDidPauseLocationUpdates(manager)
        case .resumed: delegate.locationManagerDidResumeLocationUpdates(manager)
        case .failed(let error, _): delegate.locationManager(manager, didFailWithError: error)
        }
    }
}
