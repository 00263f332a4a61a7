import BackgroundCore

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

    /// Records the timeline event this is, if the stream has one: each case with its concrete record type,
    /// so that a `location` per fix is not boxed when no one listens (see `Timeline.record(_:)`).
    func record(on timeline: Timeline) {
        switch self {
        case .location(let fix): timeline.record(.location(fix))
        case .significantChange(let fix): timeline.record(.significant(latitude: fix.latitude, longitude: fix.longitude))
        case .determinedState(let state, let region): timeline.record(.state(region: region.identifier, state: state))
        case .entered(let region, let fix):
            timeline.record(.enter(region: region.identifier, latitude: fix.latitude, longitude: fix.longitude))
        case .exited(let region, let fix):
            timeline.record(.exit(region: region.identifier, latitude: fix.latitude, longitude: fix.longitude))
        case .startedMonitoring: break
        case .monitoringFailed(_, let error): timeline.record(.error(message: error.message, code: error.code.rawValue))
        case .paused: timeline.record(.pause)
        case .resumed: timeline.record(.resume)
        case .failed(let error, let code): timeline.record(.error(message: error.message, code: code))
        }
    }
}
