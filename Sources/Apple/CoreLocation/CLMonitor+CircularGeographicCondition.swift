extension CLMonitor {
    /// A circle on the ground, as Apple's `CLMonitor.CircularGeographicCondition`: satisfied while the
    /// device is inside it.
    public struct CircularGeographicCondition: CLCondition, Hashable {
        public let center: CLLocationCoordinate2D
        public let radius: CLLocationDistance

        public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
            self.center = center
            self.radius = radius
        }
    }
}
