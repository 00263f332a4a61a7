import Glibc

/// Reduced accuracy's approximate fix: the centre of the grid cell the fix is in, cells `cell` metres
/// high and about as wide (narrower in degrees towards the poles), with `cell` as its horizontal accuracy
/// and no altitude, speed or course. The same place always gives the same approximate fix.
enum ApproximateLocation {
    static func coarsen(_ fix: LocationFix, cell: Double) -> LocationFix {
        let latitudeStep = cell / (Geodesy.earthRadius * .pi / 180)
        let row = (fix.latitude / latitudeStep).rounded(.down)
        let latitude = min(90, max(-90, (row + 0.5) * latitudeStep))
        let longitudeStep = min(360, latitudeStep / max(cos(latitude * .pi / 180), 1e-9))
        let column = ((fix.longitude + 180) / longitudeStep).rounded(.down)
        let longitude = min(180, (column + 0.5) * longitudeStep - 180)
        return LocationFix(time: fix.time, latitude: latitude, longitude: longitude, horizontalAccuracy: cell)
    }
}
