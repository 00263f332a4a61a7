public import BackgroundCore

/// `audio.started`: a file began to play (once per file, not per loop).
public struct AudioStartedRecord: TimelineRecord {
    public static let event = "audio.started"
    public var file: String

    public init(file: String) {
        self.file = file
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("file", string: file)
    }

    public var textDetail: String { file }

    public var drawing: TimelineDrawing { .bar(.audio, row: file, .open) }
}

extension TimelineRecord where Self == AudioStartedRecord {
    /// An `audio.started` record.
    public static func audioStarted(file: String) -> Self { AudioStartedRecord(file: file) }
}
