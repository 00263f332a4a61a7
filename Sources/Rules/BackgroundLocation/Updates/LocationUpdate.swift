import BackgroundCore

/// One element of live updates, as `CLLocationUpdate` (iOS 17, with iOS 18's diagnostics): a fix, or the
/// news that the device has become stationary and that updates are suspended until it moves.
///
/// ```swift
/// for await update in LocationUpdate.liveUpdates(.fitness, on: manager) {
///     if let fix = update.location { print(fix.latitude, fix.longitude) }
///     if update.isStationary { print("stationary: updates resume when the device moves") }
/// }
/// ```
/// Updates follow ``LocationManager``'s fixes on the rules' clock: every fix while the device moves; when
/// it has stayed within the configuration's ``LiveConfiguration/stationaryRadius`` for
/// ``LiveConfiguration/stationaryAfter``, one update with ``isStationary`` (and the latest fix), then
/// nothing until a fix beyond that radius, which is delivered with `isStationary` false.
public struct LocationUpdate: Hashable, Sendable {
    /// The fix, or nil when the update only carries diagnostics.
    public var location: LocationFix?
    /// The device is stationary: updates are suspended until it moves (`isStationary`, iOS 17's `stationary`).
    public var isStationary = false
    /// The app's location authorization is denied (`authorizationDenied`).
    public var authorizationDenied = false
    /// A when-in-use app is not in use (neither in the foreground nor holding a
    /// ``BackgroundActivitySession``), so the fix is withheld (`insufficientlyInUse`).
    public var insufficientlyInUse = false
    /// The app has reduced accuracy: the fix is approximate (`accuracyLimited`).
    public var accuracyLimited = false
    /// A ``ServiceSession`` is required and none is held (`serviceSessionRequired`).
    public var serviceSessionRequired = false

    public init(location: LocationFix?, isStationary: Bool = false) {
        self.location = location
        self.isStationary = isStationary
    }

    /// An update without a fix, saying why fixes are withheld.
    init(withheld reason: LocationWithheld) {
        self.init(location: nil)
        switch reason {
        case .authorizationDenied: authorizationDenied = true
        case .insufficientlyInUse, .alwaysAuthorizationRequired: insufficientlyInUse = true
        case .accuracyLimited: accuracyLimited = true
        case .serviceSessionRequired: serviceSessionRequired = true
        }
    }

    /// Live updates from `manager`'s fixes with `configuration`'s stationary thresholds
    /// (`CLLocationUpdate.liveUpdates(_:)`); the sequence finishes when the manager's run ends.
    public static func liveUpdates(_ configuration: LiveConfiguration = .default, on manager: LocationManager) -> AsyncStream<LocationUpdate> {
        let (stream, continuation) = AsyncStream<LocationUpdate>.makeStream()
        manager.observers.append(LiveUpdates(configuration: configuration, manager: manager, continuation: continuation))
        return stream
    }
}
