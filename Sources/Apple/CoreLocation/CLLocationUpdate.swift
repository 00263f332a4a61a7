/// One element of live updates (iOS 17, with iOS 18's diagnostics), as Apple's `CLLocationUpdate`: a
/// location, or the news that the device is stationary or that locations are withheld.
///
/// ```swift
/// for try await update in CLLocationUpdate.liveUpdates(.fitness) {
///     if let location = update.location { log(location) }
///     if update.stationary { break }
/// }
/// ```
/// On the emulated device the updates are the location services' (BackgroundLocation's `LocationUpdate`):
/// every fix while the device moves, one update with `stationary` when it settles, and the diagnostics that
/// say why a fix is withheld (authorization, a when-in-use app not in use).
public struct CLLocationUpdate: Sendable {
    /// The location, or nil when the update only carries diagnostics.
    public let location: CLLocation?
    /// The device is stationary: updates are suspended until it moves (iOS 18's name).
    public let stationary: Bool
    /// iOS 17's name of ``stationary``.
    public var isStationary: Bool { stationary }
    public let authorizationDenied: Bool
    public let authorizationDeniedGlobally = false
    public let authorizationRestricted = false
    public let authorizationRequestInProgress = false
    public let insufficientlyInUse: Bool
    public let locationUnavailable = false
    public let accuracyLimited: Bool
    public let serviceSessionRequired: Bool

    init(
        location: CLLocation?, stationary: Bool, authorizationDenied: Bool, insufficientlyInUse: Bool, accuracyLimited: Bool,
        serviceSessionRequired: Bool
    ) {
        self.location = location
        self.stationary = stationary
        self.authorizationDenied = authorizationDenied
        self.insufficientlyInUse = insufficientlyInUse
        self.accuracyLimited = accuracyLimited
        self.serviceSessionRequired = serviceSessionRequired
    }

    /// The device's live updates from now on, with `configuration`'s idea of stationary.
    public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> Updates {
        Updates(stream: EmulatedLiveUpdates.start(configuration))
    }
}
