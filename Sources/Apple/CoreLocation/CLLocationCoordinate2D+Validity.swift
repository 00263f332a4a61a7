// CoreLocation's coordinate functions, as Apple's C API imports them.

/// The invalid coordinate, as Apple's `kCLLocationCoordinate2DInvalid`: latitude and longitude -180.
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// Whether `coord` is a coordinate on the globe: latitude within ±90°, longitude within ±180°.
public func CLLocationCoordinate2DIsValid(_ coord: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coord.latitude) && (-180...180).contains(coord.longitude)
}

/// The coordinate of `latitude` and `longitude`, as Apple's `CLLocationCoordinate2DMake`.
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}
