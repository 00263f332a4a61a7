public import BackgroundCore

/// `pause` or `resume`: continuous updates paused because the device is stationary, or resumed because
/// it moved.
public struct LocationUpdatesRecord: TimelineRecord {
    public var paused: Bool

    public init(paused: Bool) {
        self.paused = paused
    }

    public var name: String { paused ? "pause" : "resume" }

    public func write(to json: inout JSONObjectWriter) {}

    public var textDetail: String { paused ? "location updates paused (stationary)" : "location updates resumed" }

    public var drawing: TimelineDrawing { .markerAtLastPosition }
}

extension TimelineRecord where Self == LocationUpdatesRecord {
    /// A `pause` record.
    public static var pause: Self { LocationUpdatesRecord(paused: true) }

    /// A `resume` record.
    public static var resume: Self { LocationUpdatesRecord(paused: false) }
}
