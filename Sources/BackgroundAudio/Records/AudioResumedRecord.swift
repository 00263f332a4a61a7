public import BackgroundCore

/// `audio.resumed`: playback continued after a pause or an interruption.
public struct AudioResumedRecord: TimelineRecord {
    public static let event = "audio.resumed"
    public var file: String

    public init(file: String) {
        self.file = file
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("file", string: file)
    }

    public var textDetail: String { file }

    public var drawing: TimelineDrawing { .tick(.audio, row: file, style: "resumed") }
}

extension TimelineRecord where Self == AudioResumedRecord {
    /// An `audio.resumed` record.
    public static func audioResumed(file: String) -> Self { AudioResumedRecord(file: file) }
}
