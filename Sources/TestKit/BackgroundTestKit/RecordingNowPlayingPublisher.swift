public import BackgroundAudio
import Foundation

/// A ``NowPlayingPublisher`` that keeps what it was told last — the double of MPRIS and the lock screen: what
/// Now Playing shows. `EmulatedDevice` publishes its app's Now Playing to one (``EmulatedDevice/nowPlayingInfo``);
/// a playing clip updates it every second, so only the latest is kept.
///
/// ```swift
/// let publisher = RecordingNowPlayingPublisher()
/// let audio = EmulatedApp.Audio(output: { _ in RecordingAudioOutput() }, open: AudioFile.open, remote: { _, _ in publisher })
/// publisher.latest?.title     // what Now Playing shows now
/// ```
public final class RecordingNowPlayingPublisher: NowPlayingPublisher, @unchecked Sendable {
    private let lock = NSLock()
    private var last: NowPlayingInfo?

    public init() {}

    /// The last update; nil before the first.
    public var latest: NowPlayingInfo? { lock.withLock { last } }

    public func update(_ info: NowPlayingInfo) {
        lock.withLock { last = info }
    }

    /// Nothing to stop: what it was told stays readable.
    public func close() {}
}
