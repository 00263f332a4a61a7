/// The extent of a coordinate region, in degrees, as Apple's `MKCoordinateSpan`.
public struct MKCoordinateSpan: Hashable, Sendable {
    /// North to south, in degrees (one degree is about 111 km).
    public var latitudeDelta: CLLocationDegrees
    /// East to west, in degrees (fewer kilometres towards the poles).
    public var longitudeDelta: CLLocationDegrees

    public init() {
        self.init(latitudeDelta: 0, longitudeDelta: 0)
    }

    public init(latitudeDelta: CLLocationDegrees, longitudeDelta: CLLocationDegrees) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}
