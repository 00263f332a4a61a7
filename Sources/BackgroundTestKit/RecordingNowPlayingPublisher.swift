public import BackgroundAudio
import Foundation

/// A ``NowPlayingPublisher`` that keeps what it is told — the double of MPRIS and the lock screen: what Now
/// Playing showed, update by update. `EmulatedDevice` publishes its app's Now Playing to one
/// (``EmulatedDevice/nowPlayingInfo``).
///
/// ```swift
/// let publisher = RecordingNowPlayingPublisher()
/// let audio = EmulatedApp.Audio(output: { _ in RecordingAudioOutput() }, open: AudioFile.open, remote: { _, _ in publisher })
/// publisher.updates.last?.title     // what Now Playing shows now
/// ```
public final class RecordingNowPlayingPublisher: NowPlayingPublisher, @unchecked Sendable {
    private let lock = NSLock()
    private var told: [NowPlayingInfo] = []
    private var closed = false

    public init() {}

    /// Every update, oldest first.
    public var updates: [NowPlayingInfo] { lock.withLock { told } }
    /// Whether ``close()`` was called.
    public var isClosed: Bool { lock.withLock { closed } }

    public func update(_ info: NowPlayingInfo) {
        lock.withLock { told.append(info) }
    }

    public func close() {
        lock.withLock { closed = true }
    }
}
