/// A point on the map's projection (spherical Mercator over ``MKMapSize/world``), as Apple's `MKMapPoint`:
/// x eastward from the antimeridian, y southward from the top of the map.
public struct MKMapPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init() {
        self.init(x: 0, y: 0)
    }

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The map point of `coordinate`.
    public init(_ coordinate: CLLocationCoordinate2D) {
        let point = Mercator.point(latitude: coordinate.latitude, longitude: coordinate.longitude)
        self.init(x: point.x, y: point.y)
    }

    /// The coordinate at this point.
    public var coordinate: CLLocationCoordinate2D { Mercator.coordinate(x: x, y: y) }

    /// The distance in metres to `other` over the globe, as `CLLocation.distance(from:)` measures it.
    public func distance(to other: MKMapPoint) -> CLLocationDistance {
        let (here, there) = (coordinate, other.coordinate)
        return CLLocation(latitude: here.latitude, longitude: here.longitude)
            .distance(from: CLLocation(latitude: there.latitude, longitude: there.longitude))
    }
}
