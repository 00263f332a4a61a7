public import BackgroundCore

/// `audio.started`, `audio.paused`, `audio.resumed`, `audio.interrupted` or `audio.finished`: what
/// happened to a file's playback.
public struct AudioRecord: TimelineRecord {
    /// What happened to the file.
    public enum Change: Hashable, Sendable {
        /// The file began to play (once per file, not per loop).
        case started
        /// Playback paused: by the program, or because the output device went away.
        case paused
        /// Playback continued after a pause or an interruption.
        case resumed
        /// An audio-session interruption (or the app being suspended) paused playback.
        case interrupted
        /// The file ended; `success` is false after a decode error or when playback stopped.
        case finished(success: Bool)
    }

    public var file: String
    public var change: Change

    public init(file: String, _ change: Change) {
        self.file = file
        self.change = change
    }

    public var name: String {
        switch change {
        case .started: "audio.started"
        case .paused: "audio.paused"
        case .resumed: "audio.resumed"
        case .interrupted: "audio.interrupted"
        case .finished: "audio.finished"
        }
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("file", string: file)
        if case .finished(let success) = change { json.field("success", bool: success) }
    }

    public var textDetail: String {
        if case .finished(false) = change { return file + " (failed)" }
        return file
    }

    /// A clip is a bar on the file's row from its start to its end; pauses, resumptions and interruptions
    /// are ticks.
    public var drawing: TimelineDrawing {
        switch change {
        case .started: .bar(.audio, row: file, .open)
        case .paused: .tick(.audio, row: file, style: "paused")
        case .resumed: .tick(.audio, row: file, style: "resumed")
        case .interrupted: .tick(.audio, row: file, style: "interrupted")
        case .finished(let success): .bar(.audio, row: file, .close(success ? .success : .failed))
        }
    }
}

extension TimelineRecord where Self == AudioRecord {
    /// An `audio.started` record.
    public static func audioStarted(file: String) -> Self { AudioRecord(file: file, .started) }

    /// An `audio.paused` record.
    public static func audioPaused(file: String) -> Self { AudioRecord(file: file, .paused) }

    /// An `audio.resumed` record.
    public static func audioResumed(file: String) -> Self { AudioRecord(file: file, .resumed) }

    /// An `audio.interrupted` record.
    public static func audioInterrupted(file: String) -> Self { AudioRecord(file: file, .interrupted) }

    /// An `audio.finished` record.
    public static func audioFinished(file: String, success: Bool) -> Self { AudioRecord(file: file, .finished(success: success)) }
}
