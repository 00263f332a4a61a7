public import BackgroundCore

/// `enter` or `exit`: the device entered or left a region (`didEnterRegion`, `didExitRegion`), at the fix
/// that decided it.
public struct RegionCrossingRecord: TimelineRecord {
    /// Which way the device crossed; its raw value is the event's name.
    public enum Crossing: String, Hashable, Sendable {
        case enter, exit
    }

    public var crossing: Crossing
    public var region: String
    public var latitude: Double
    public var longitude: Double

    public init(_ crossing: Crossing, region: String, latitude: Double, longitude: Double) {
        self.crossing = crossing
        self.region = region
        self.latitude = latitude
        self.longitude = longitude
    }

    public var name: String { crossing.rawValue }

    public func write(to json: inout JSONObjectWriter) {
        json.field("region", string: region)
        json.field("lat", number: latitude)
        json.field("lon", number: longitude)
    }

    public var textDetail: String {
        "\(crossing == .enter ? "entered" : "left") \(region) at \(TextTimelineRenderer.coordinate(latitude, longitude))"
    }

    public var drawing: TimelineDrawing { .marker(latitude: latitude, longitude: longitude) }
}

extension TimelineRecord where Self == RegionCrossingRecord {
    /// An `enter` record.
    public static func enter(region: String, latitude: Double, longitude: Double) -> Self {
        RegionCrossingRecord(.enter, region: region, latitude: latitude, longitude: longitude)
    }

    /// An `exit` record.
    public static func exit(region: String, latitude: Double, longitude: Double) -> Self {
        RegionCrossingRecord(.exit, region: region, latitude: latitude, longitude: longitude)
    }
}
