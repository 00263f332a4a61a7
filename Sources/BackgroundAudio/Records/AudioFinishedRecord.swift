public import BackgroundCore

/// `audio.finished`: a file ended; `success` is false after a decode error or when playback stopped.
public struct AudioFinishedRecord: TimelineRecord {
    public static let event = "audio.finished"
    public var file: String
    public var success: Bool

    public init(file: String, success: Bool) {
        self.file = file
        self.success = success
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("file", string: file)
        json.field("success", bool: success)
    }

    public var textDetail: String { "\(file)\(success ? "" : " (failed)")" }

    public var drawing: TimelineDrawing { .bar(.audio, row: file, .close(success ? .success : .failed)) }
}

extension TimelineRecord where Self == AudioFinishedRecord {
    /// An `audio.finished` record.
    public static func audioFinished(file: String, success: Bool) -> Self { AudioFinishedRecord(file: file, success: success) }
}
