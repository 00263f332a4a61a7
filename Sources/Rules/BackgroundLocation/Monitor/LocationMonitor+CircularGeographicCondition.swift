extension LocationMonitor {
    /// A circle on the Earth that is satisfied while the device is inside it, as
    /// `CLMonitor.CircularGeographicCondition`: a centre in WGS84 degrees and a radius in metres. It is
    /// watched by the same rules as a ``CircularRegion`` (hysteresis, dwell; docs/LOCATION.md).
    public struct CircularGeographicCondition: Hashable, Sendable {
        /// Degrees, WGS84.
        public var latitude: Double
        /// Degrees, WGS84.
        public var longitude: Double
        /// Metres.
        public var radius: Double

        public init(center: (latitude: Double, longitude: Double), radius: Double) {
            self.latitude = center.latitude
            self.longitude = center.longitude
            self.radius = radius
        }

        /// The region the rules watch for this condition under `identifier`.
        func region(identifier: String) -> CircularRegion {
            CircularRegion(identifier: identifier, latitude: latitude, longitude: longitude, radius: radius)
        }
    }
}
