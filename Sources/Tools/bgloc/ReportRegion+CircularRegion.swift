import BackgroundLocation
import BackgroundReport

extension ReportRegion {
    /// The report's circle for a monitored region.
    init(_ region: CircularRegion) {
        self.init(identifier: region.identifier, latitude: region.latitude, longitude: region.longitude, radius: region.radius)
    }
}
