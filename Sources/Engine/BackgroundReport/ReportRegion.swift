/// A monitored circular region as a report draws it: a circle on the map, labelled with its identifier.
///
/// ```swift
/// let museum = ReportRegion(identifier: "museum", latitude: 47.3769, longitude: 8.5417, radius: 200)
/// let report = TimelineReport(title: "walk", regions: [museum])
/// ```
public struct ReportRegion: Hashable, Sendable {
    /// The region's identifier, as in the timeline's `state`, `enter` and `exit` events.
    public var identifier: String
    /// The centre's latitude in degrees (WGS84).
    public var latitude: Double
    /// The centre's longitude in degrees (WGS84).
    public var longitude: Double
    /// The radius in metres.
    public var radius: Double

    public init(identifier: String, latitude: Double, longitude: Double, radius: Double) {
        self.identifier = identifier
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
    }
}
