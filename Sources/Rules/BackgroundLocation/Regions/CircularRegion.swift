/// A circular geographic region to monitor, as `CLCircularRegion`.
///
/// ```swift
/// let museum = CircularRegion(identifier: "museum", latitude: 47.3769, longitude: 8.5417, radius: 200)
/// manager.startMonitoring(for: museum)
/// ```
/// Two regions are equal when all their fields are; the manager identifies monitored regions by
/// ``identifier`` alone, so monitoring a region whose identifier is already monitored replaces the old one.
public struct CircularRegion: Hashable, Sendable {
    /// The app's name for the region, unique among its monitored regions.
    public var identifier: String
    /// The centre's latitude in degrees (WGS84).
    public var latitude: Double
    /// The centre's longitude in degrees (WGS84).
    public var longitude: Double
    /// The distance in metres from the centre to the boundary.
    public var radius: Double
    /// Whether entering the region is reported (`CLRegion.notifyOnEntry`, default true).
    public var notifyOnEntry: Bool
    /// Whether leaving the region is reported (`CLRegion.notifyOnExit`, default true).
    public var notifyOnExit: Bool

    public init(
        identifier: String, latitude: Double, longitude: Double, radius: Double,
        notifyOnEntry: Bool = true, notifyOnExit: Bool = true
    ) {
        self.identifier = identifier
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }

    /// Whether a point lies inside the region (on or within the boundary), as `CLCircularRegion.contains(_:)`.
    public func contains(latitude: Double, longitude: Double) -> Bool {
        Geodesy.distance(fromLatitude: self.latitude, longitude: self.longitude, toLatitude: latitude, longitude: longitude)
            <= radius
    }
}
