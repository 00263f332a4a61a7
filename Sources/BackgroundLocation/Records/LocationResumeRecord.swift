public import BackgroundCore

/// `resume`: continuous updates resumed because the device moved.
public struct LocationResumeRecord: TimelineRecord {
    public static let event = "resume"

    public init() {}

    public func write(to json: inout JSONObjectWriter) {}

    public var textDetail: String { "location updates resumed" }

    public var drawing: TimelineDrawing { .markerAtLastPosition }
}

extension TimelineRecord where Self == LocationResumeRecord {
    /// A `resume` record.
    public static var resume: Self { LocationResumeRecord() }
}
