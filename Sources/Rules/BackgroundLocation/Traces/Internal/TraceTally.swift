/// The running sums of ``TraceSummary``: the bounds of every point and the haversine distance between
/// consecutive track points within each segment, fed with plain numbers read where the reader left its
/// point (no `TraceItem` is built or copied per point).
struct TraceTally {
    private(set) var distanceMeters = 0.0
    private var box = (minLat: Double.infinity, minLon: Double.infinity, maxLat: -Double.infinity, maxLon: -Double.infinity)
    private var previous: (track: Int, segment: Int, latitude: Double, longitude: Double)?

    /// [minLat, minLon, maxLat, maxLon], nil when no point was included.
    var bbox: [Double]? {
        box.minLat.isFinite ? [box.minLat, box.minLon, box.maxLat, box.maxLon] : nil
    }

    /// Adds a track point: to the bounds, and to the distance when it follows one of the same segment.
    mutating func trackPoint(latitude: Double, longitude: Double, track: Int, segment: Int) {
        include(latitude: latitude, longitude: longitude)
        if let p = previous, p.track == track, p.segment == segment {
            distanceMeters += Geodesy.distance(
                fromLatitude: p.latitude, longitude: p.longitude, toLatitude: latitude, longitude: longitude)
        }
        previous = (track, segment, latitude, longitude)
    }

    /// Adds a point to the bounds only (waypoints, route points).
    mutating func include(latitude: Double, longitude: Double) {
        box = (min(box.minLat, latitude), min(box.minLon, longitude), max(box.maxLat, latitude), max(box.maxLon, longitude))
    }
}
