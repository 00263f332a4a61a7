// Apple's MapKit, the geometry that location code uses (coordinate regions and spans, map points, sizes and
// rectangles on the map's projection), with Apple's spellings: no map and no views. CoreLocation comes with
// it, and Foundation with that, as with Apple's.
@_exported import CoreLocation

/// How many map points a metre is at `latitude` (degrees) on the projection of ``MKMapSize/world``.
public func MKMapPointsPerMeterAtLatitude(_ latitude: CLLocationDegrees) -> Double {
    Mercator.pointsPerMeter(atLatitude: latitude)
}

/// How many metres a map point is at `latitude` (degrees): the inverse of ``MKMapPointsPerMeterAtLatitude(_:)``.
public func MKMetersPerMapPointAtLatitude(_ latitude: CLLocationDegrees) -> CLLocationDistance {
    1 / Mercator.pointsPerMeter(atLatitude: latitude)
}
