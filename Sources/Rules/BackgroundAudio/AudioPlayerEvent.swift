public import BackgroundCore

/// What an ``AudioPlayer`` reports, in order: as an `AsyncSequence` (``AudioPlayer/events``), to event
/// sinks, and through the delegate adapter.
///
/// The five `audio.*` events of the stream map to ``timelineRecord``; progress, decode errors, output
/// errors and the end of the queue are for the program driving the player.
public enum AudioPlayerEvent: Hashable, Sendable {
    /// A file began to play (once per file, not per loop).
    case started(file: String)
    /// The position within the file, about once a second of audio.
    case progress(file: String, position: Duration, duration: Duration?)
    /// Playback paused: by `pause()`, or because the output device went away (a route change).
    case paused(file: String)
    /// Playback continued after a pause or interruption.
    case resumed(file: String)
    /// An audio-session interruption (or the app being suspended) paused playback.
    case interrupted(file: String)
    /// A file ended: `success` is false after a decode error.
    case finished(file: String, success: Bool)
    /// A file could not be opened or decoded; it ends unsuccessfully and the queue moves on.
    case decodeError(file: String, message: String)
    /// The output failed for good (not a recoverable underrun); playback stopped or paused.
    case outputError(message: String)
    /// Every file has played (or playback stopped for good after an output error).
    case endOfQueue(success: Bool)

    /// The event-stream record of this event, if it has one (`audio.started`, …).
    public var timelineRecord: (any TimelineRecord)? {
        switch self {
        case .started(let file): AudioRecord(file: file, .started)
        case .paused(let file): AudioRecord(file: file, .paused)
        case .resumed(let file): AudioRecord(file: file, .resumed)
        case .interrupted(let file): AudioRecord(file: file, .interrupted)
        case .finished(let file, let success): AudioRecord(file: file, .finished(success: success))
        case .decodeError(_, let message), .outputError(let message): ErrorRecord(message: message, code: nil)
        case .progress, .endOfQueue: nil
        }
    }
}
