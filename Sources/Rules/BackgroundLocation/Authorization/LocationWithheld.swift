/// Why the system withholds location from the app: the `code` of the `error` event that says so in the
/// timeline (once when a service starts being withheld, again after it was delivered in between), and the
/// diagnostic of the same name on ``LocationUpdate``, ``LocationMonitor/Event`` and ``ServiceSession``.
public enum LocationWithheld: String, Hashable, Sendable {
    /// The app's authorization is ``LocationAuthorization/denied`` (`authorizationDenied`).
    case authorizationDenied
    /// A when-in-use app is not in use: not in the foreground and holding no
    /// ``BackgroundActivitySession`` (`insufficientlyInUse`).
    case insufficientlyInUse
    /// The service needs ``LocationAuthorization/always`` (region monitoring, significant changes).
    case alwaysAuthorizationRequired
    /// The app has reduced accuracy, and the service needs full accuracy (region monitoring, conditions).
    case accuracyLimited
    /// The app requires explicit service sessions (``LocationManager/requiresExplicitServiceSession``) and
    /// holds no ``ServiceSession`` (`serviceSessionRequired`).
    case serviceSessionRequired

    /// The sentence of the timeline's `error` event for `service`.
    func message(_ service: String) -> String {
        switch self {
        case .authorizationDenied: "\(service) withheld: location authorization is denied"
        case .insufficientlyInUse: "\(service) withheld: a when-in-use app that is not in use (foreground or a background activity session)"
        case .alwaysAuthorizationRequired: "\(service) withheld: it needs always authorization, the app has when-in-use"
        case .accuracyLimited: "\(service) withheld: it needs full accuracy, the app has reduced accuracy"
        case .serviceSessionRequired: "\(service) withheld: the app requires explicit service sessions and holds none"
        }
    }
}
