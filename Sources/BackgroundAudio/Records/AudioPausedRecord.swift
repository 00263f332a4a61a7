public import BackgroundCore

/// `audio.paused`: playback paused: by the program, or because the output device went away.
public struct AudioPausedRecord: TimelineRecord {
    public static let event = "audio.paused"
    public var file: String

    public init(file: String) {
        self.file = file
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("file", string: file)
    }

    public var textDetail: String { file }

    public var drawing: TimelineDrawing { .tick(.audio, row: file, style: "paused") }
}

extension TimelineRecord where Self == AudioPausedRecord {
    /// An `audio.paused` record.
    public static func audioPaused(file: String) -> Self { AudioPausedRecord(file: file) }
}
