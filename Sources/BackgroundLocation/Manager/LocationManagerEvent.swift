public import BackgroundCore

/// What a ``LocationManager`` reports, in the order it happens: the element of ``LocationManager/events()``
/// and what ``LocationManagerDelegate`` methods are called with.
public enum LocationManagerEvent: Hashable, Sendable {
    /// A continuous update passed the filters (`didUpdateLocations`).
    case location(LocationFix)
    /// A significant-change update (`didUpdateLocations` from the significant-change service).
    case significantChange(LocationFix)
    /// A region's state was determined, when monitoring starts or on request (`didDetermineState`).
    case determinedState(RegionState, region: CircularRegion)
    /// The device entered a region; `fix` decided it (`didEnterRegion`).
    case entered(CircularRegion, fix: LocationFix)
    /// The device left a region; `fix` decided it (`didExitRegion`).
    case exited(CircularRegion, fix: LocationFix)
    /// Monitoring a region started (`didStartMonitoringFor`).
    case startedMonitoring(CircularRegion)
    /// Monitoring a region failed (`monitoringDidFailFor`).
    case monitoringFailed(CircularRegion, LocationManagerError)
    /// Continuous updates paused because the device is stationary (`locationManagerDidPauseLocationUpdates`).
    case paused
    /// Continuous updates resumed because the device moved (`locationManagerDidResumeLocationUpdates`).
    case resumed
    /// The source reported a problem (`didFailWithError`).
    case failed(LocationManagerError, code: String?)

    /// The timeline event this is recorded as, or nil when the stream has no such event.
    var timelineKind: TimelineEvent.Kind? {
        switch self {
        case .location(let fix): .location(fix)
        case .significantChange(let fix): .significant(latitude: fix.latitude, longitude: fix.longitude)
        case .determinedState(let state, let region): .state(region: region.identifier, state: state)
        case .entered(let region, let fix):
            .enter(region: region.identifier, latitude: fix.latitude, longitude: fix.longitude)
        case .exited(let region, let fix):
            .exit(region: region.identifier, latitude: fix.latitude, longitude: fix.longitude)
        case .startedMonitoring: nil
        case .monitoringFailed(_, let error): .error(message: error.message, code: error.code.rawValue)
        case .paused: .pause
        case .resumed: .resume
        case .failed(let error, let code): .error(message: error.message, code: code)
        }
    }
}
