public import BackgroundCore

/// `pause`: continuous updates paused because the device is stationary.
public struct LocationPauseRecord: TimelineRecord {
    public static let event = "pause"

    public init() {}

    public func write(to json: inout JSONObjectWriter) {}

    public var textDetail: String { "location updates paused (stationary)" }

    public var drawing: TimelineDrawing { .markerAtLastPosition }
}

extension TimelineRecord where Self == LocationPauseRecord {
    /// A `pause` record.
    public static var pause: Self { LocationPauseRecord() }
}
