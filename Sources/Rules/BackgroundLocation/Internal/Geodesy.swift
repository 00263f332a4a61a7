import Glibc

/// Distances and positions on the Earth, modelled as a sphere of the mean radius.
///
/// The sphere is within 0.5 % of the WGS84 ellipsoid for the distances region monitoring works with, which
/// is far below GPS noise and the emulator's hysteresis. Longitudes wrap (the antimeridian is an ordinary
/// line); latitudes are clamped to ±90°.
///
/// ```swift
/// let metres = Geodesy.distance(fromLatitude: 0, longitude: 179.9995, toLatitude: 0, longitude: -179.9995)
/// // ≈ 111 m, across the antimeridian
/// let (lat, lon) = Geodesy.destination(latitude: 89.9999, longitude: 0, bearing: 0, distance: 50)
/// // over the pole: lat ≈ 89.99965, lon ≈ 180
/// ```
package enum Geodesy {
    /// The Earth's mean radius (IUGG R1) in metres.
    package static let earthRadius = 6_371_008.8

    private static let radiansPerDegree = Double.pi / 180

    /// The great-circle (haversine) distance in metres between two points given in degrees.
    package static func distance(
        fromLatitude lat1: Double, longitude lon1: Double, toLatitude lat2: Double, longitude lon2: Double
    ) -> Double {
        let phi1 = lat1 * radiansPerDegree
        let phi2 = lat2 * radiansPerDegree
        let sinHalfDPhi = sin((phi2 - phi1) / 2)
        let sinHalfDLambda = sin((lon2 - lon1) * radiansPerDegree / 2)
        let a = sinHalfDPhi * sinHalfDPhi + cos(phi1) * cos(phi2) * sinHalfDLambda * sinHalfDLambda
        return 2 * earthRadius * asin(min(1, a.squareRoot()))
    }

    /// The point `distance` metres from a start point along the great circle leaving it at `bearing`
    /// (degrees clockwise from north); the longitude is normalised to -180..<180.
    package static func destination(
        latitude: Double, longitude: Double, bearing: Double, distance: Double
    ) -> (latitude: Double, longitude: Double) {
        let phi1 = latitude * radiansPerDegree
        let lambda1 = longitude * radiansPerDegree
        let theta = bearing * radiansPerDegree
        let delta = distance / earthRadius
        let sinPhi2 = sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta)
        let phi2 = asin(max(-1, min(1, sinPhi2)))
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sinPhi2)
        return (phi2 / radiansPerDegree, normalizedLongitude(lambda2 / radiansPerDegree))
    }

    /// A longitude in degrees brought into -180..<180.
    package static func normalizedLongitude(_ longitude: Double) -> Double {
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (wrapped < 0 ? wrapped + 360 : wrapped) - 180
    }

    /// The point as a unit vector from the Earth's centre (x towards 0°N 0°E, z towards the north pole).
    ///
    /// Comparing squared chord lengths between unit vectors orders points exactly as great-circle distance
    /// does, with no trigonometry per comparison and no seam at the antimeridian or the poles.
    package static func unitVector(latitude: Double, longitude: Double) -> UnitVector {
        let phi = latitude * radiansPerDegree
        let lambda = longitude * radiansPerDegree
        let cosPhi = cos(phi)
        return UnitVector(x: cosPhi * cos(lambda), y: cosPhi * sin(lambda), z: sin(phi))
    }

    /// The squared chord length, on the unit sphere, of a great-circle distance in metres (capped at the
    /// antipode's 4).
    package static func squaredChord(forDistance metres: Double) -> Double {
        let angle = min(metres / earthRadius, Double.pi)
        let chord = 2 * sin(angle / 2)
        return chord * chord
    }
}

/// A point on the unit sphere; see ``Geodesy/unitVector(latitude:longitude:)``.
package struct UnitVector: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var z: Double

    /// The squared straight-line distance to another point.
    @inline(__always)
    package func squaredDistance(to other: UnitVector) -> Double {
        let dx = x - other.x, dy = y - other.y, dz = z - other.z
        return dx * dx + dy * dy + dz * dz
    }
}
