public import BackgroundCore

/// `enter`: the device entered a region (`didEnterRegion`) at the fix that decided it.
public struct RegionEnterRecord: TimelineRecord {
    public static let event = "enter"
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

    public var textDetail: String { "entered \(region) at \(TextTimelineRenderer.coordinate(latitude, longitude))" }

    public var drawing: TimelineDrawing { .marker(latitude: latitude, longitude: longitude) }
}

extension TimelineRecord where Self == RegionEnterRecord {
    /// An `enter` record.
    public static func enter(region: String, latitude: Double, longitude: Double) -> Self {
        RegionEnterRecord(region: region, latitude: latitude, longitude: longitude)
    }
}
