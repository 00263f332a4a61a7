/// A circular region the emulated app monitors, with what it does on entry and exit (`regions:`).
///
/// ```yaml
/// regions:
///   - {id: museum, lat: 47.3769, lon: 8.5417, radius: 200, onEnter: {submit: com.example.tour.upload}}
/// ```
package struct ManifestRegion: Hashable, Sendable {
    package var id: String
    /// Degrees, WGS84.
    package var latitude: Double
    /// Degrees, WGS84.
    package var longitude: Double
    /// Metres.
    package var radius: Double
    package var onEnter: ManifestAction?
    package var onExit: ManifestAction?

    package init(id: String, latitude: Double, longitude: Double, radius: Double, onEnter: ManifestAction? = nil, onExit: ManifestAction? = nil) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.onEnter = onEnter
        self.onExit = onExit
    }
}
