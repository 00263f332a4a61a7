/// A monitored circular region as a report draws it: a circle on the map, labelled with its identifier.
///
/// ```swift
/// let museum = ReportRegion(identifier: "museum", latitude: 47.3769, longitude: 8.5417, radius: 200)
/// let report = TimelineReport(title: "walk", regions: [museum])
/// ```
package struct ReportRegion: Hashable, Sendable {
    /// The region's identifier, as in the timeline's `state`, `enter` and `exit` events.
    package var identifier: String
    /// The centre's latitude in degrees (WGS84).
    package var latitude: Double
    /// The centre's longitude in degrees (WGS84).
    package var longitude: Double
    /// The radius in metres.
    package var radius: Double

    package init(identifier: String, latitude: Double, longitude: Double, radius: Double) {
        self.identifier = identifier
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
    }
}
