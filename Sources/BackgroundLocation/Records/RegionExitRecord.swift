public import BackgroundCore

/// `exit`: the device left a region (`didExitRegion`) at the fix that decided it.
public struct RegionExitRecord: TimelineRecord {
    public static let event = "exit"
    public var region: String
    public var latitude: Double
    public var longitude: Double

    public init(region: String, latitude: Double, longitude: Double) {
        self.region = region
        self.latitude = latitude
        self.longitude = longitude
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("region", string: region)
        json.field("lat", number: latitude)
        json.field("lon", number: longitude)
    }

    public var textDetail: String { "left \(region) at \(TextTimelineRenderer.coordinate(latitude, longitude))" }

    public var drawing: TimelineDrawing { .marker(latitude: latitude, longitude: longitude) }
}

extension TimelineRecord where Self == RegionExitRecord {
    /// An `exit` record.
    public static func exit(region: String, latitude: Double, longitude: Double) -> Self {
        RegionExitRecord(region: region, latitude: latitude, longitude: longitude)
    }
}
