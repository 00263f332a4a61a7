/// What the user allowed the app, as `CLAuthorizationStatus` (without `notDetermined` and `restricted`,
/// which the emulator has no user to ask about): set it on ``LocationManager/authorization`` or with the
/// manifest's `location: {authorization: …}`.
public enum LocationAuthorization: String, Hashable, Sendable, CaseIterable {
    /// `authorizedAlways`: every service, in every app state; region and significant-change events
    /// relaunch the app.
    case always
    /// `authorizedWhenInUse`: location while the app is in use (in the foreground, or holding a
    /// ``BackgroundActivitySession``); no region monitoring or significant changes ("Choosing the
    /// Authorization Level for Location Services").
    case whenInUse
    /// `denied`: nothing.
    case denied
}
