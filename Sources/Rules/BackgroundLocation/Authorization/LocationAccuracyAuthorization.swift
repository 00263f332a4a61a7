/// Whether the app has precise or approximate location, as `CLAccuracyAuthorization`: set it on
/// ``LocationManager/accuracyAuthorization`` or with the manifest's `location: {accuracy: …}`.
public enum LocationAccuracyAuthorization: String, Hashable, Sendable, CaseIterable {
    /// `fullAccuracy`.
    case full
    /// `reducedAccuracy`: approximate fixes (see ``LocationManagerConfiguration/reducedAccuracyCell``), at
    /// most four an hour, and no region monitoring.
    case reduced
}
