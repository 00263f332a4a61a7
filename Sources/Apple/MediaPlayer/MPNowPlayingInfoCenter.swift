/// What the app says plays, as Apple's `MPNowPlayingInfoCenter`: the lock screen's Now Playing; on the
/// emulated device what MPRIS publishes (`bgloc live`) and `EmulatedDevice.nowPlayingInfo` reads. The
/// dictionary's keys are ``MPMediaItemPropertyTitle``, ``MPMediaItemPropertyArtist``,
/// ``MPMediaItemPropertyAlbumTitle``, ``MPMediaItemPropertyPlaybackDuration``,
/// ``MPNowPlayingInfoPropertyElapsedPlaybackTime`` and ``MPNowPlayingInfoPropertyPlaybackRate`` (others are
/// kept and not shown).
///
/// ```swift
/// MPNowPlayingInfoCenter.default().nowPlayingInfo = [
///     MPMediaItemPropertyTitle: "Old Town", MPMediaItemPropertyPlaybackDuration: player.duration,
///     MPNowPlayingInfoPropertyElapsedPlaybackTime: player.currentTime, MPNowPlayingInfoPropertyPlaybackRate: 1.0,
/// ]
/// ```
open class MPNowPlayingInfoCenter: NSObject, @unchecked Sendable {
    private static let center = MPNowPlayingInfoCenter()

    /// The app's center.
    open class func `default`() -> MPNowPlayingInfoCenter { center }

    private let lock = NSLock()
    private var info: [String: Any]?

    private override init() {}

    /// What plays; nil: nothing.
    open var nowPlayingInfo: [String: Any]? {
        get { lock.withLock { info } }
        set {
            lock.withLock { info = newValue }
            EmulatedRemoteControl.nowPlayingInfoDidChange(newValue)
        }
    }

    /// The app's process ended: what it said plays with it.
    func reset() {
        lock.withLock { info = nil }
    }
}
