// The projection behind MapKit's map points: spherical ("Web") Mercator over a square world of 2^28 map points
// a side (Apple's MKMapSizeWorld), x growing eastward from the antimeridian, y southward from the top edge
// (about 85.05° N). Apple does not document the sphere's radius; this uses WGS 84's equatorial radius.
enum Mercator {
    /// The world's side, in map points: 2^28, as Apple's `MKMapSize.world`.
    static let worldSide: Double = 268_435_456
    /// The sphere's radius in metres (WGS 84's semi-major axis).
    static let radius: Double = 6_378_137
    /// The equator's length in metres.
    static var equator: Double { 2 * .pi * radius }

    static func point(latitude: CLLocationDegrees, longitude: CLLocationDegrees) -> (x: Double, y: Double) {
        let phi = latitude * .pi / 180
        let x = (longitude + 180) / 360 * worldSide
        let y = (0.5 - log(tan(.pi / 4 + phi / 2)) / (2 * .pi)) * worldSide
        return (x, y)
    }

    static func coordinate(x: Double, y: Double) -> CLLocationCoordinate2D {
        let longitude = x / worldSide * 360 - 180
        let latitude = (2 * atan(exp((0.5 - y / worldSide) * 2 * .pi)) - .pi / 2) * 180 / .pi
        return CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }

    static func pointsPerMeter(atLatitude latitude: CLLocationDegrees) -> Double {
        worldSide / (equator * cos(latitude * .pi / 180))
    }

    /// Metres along a meridian per degree of latitude, on the sphere.
    static var metersPerDegree: Double { equator / 360 }
}
