public import BackgroundCore

/// `audio.interrupted`: an audio-session interruption (or the app being suspended) paused playback.
public struct AudioInterruptedRecord: TimelineRecord {
    public static let event = "audio.interrupted"
    public var file: String

    public init(file: String) {
        self.file = file
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("file", string: file)
    }

    public var textDetail: String { file }

    public var drawing: TimelineDrawing { .tick(.audio, row: file, style: "interrupted") }
}

extension TimelineRecord where Self == AudioInterruptedRecord {
    /// An `audio.interrupted` record.
    public static func audioInterrupted(file: String) -> Self { AudioInterruptedRecord(file: file) }
}
