public import BackgroundCore

/// `significant`: an update of the significant-change service.
public struct SignificantChangeRecord: TimelineRecord {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public var name: String { "significant" }

    public func write(to json: inout JSONObjectWriter) {
        json.field("lat", number: latitude)
        json.field("lon", number: longitude)
    }

    public var textDetail: String { TextTimelineRenderer.coordinate(latitude, longitude) }

    public var drawing: TimelineDrawing { .marker(latitude: latitude, longitude: longitude) }
}

extension TimelineRecord where Self == SignificantChangeRecord {
    /// A `significant` record.
    public static func significant(latitude: Double, longitude: Double) -> Self {
        SignificantChangeRecord(latitude: latitude, longitude: longitude)
    }
}
