/// What plays, as `MPNowPlayingInfoCenter.nowPlayingInfo` and its `playbackState` say it: what the lock
/// screen shows, and what MPRIS publishes (`Metadata`, `PlaybackStatus`, `Position`, `Volume`).
///
/// ```swift
/// var info = player.nowPlaying(tags: AudioFile.tags)     // from the player and the file's tags
/// info.title                                             // the tag, else the file's name
/// ```
public struct NowPlayingInfo: Hashable, Sendable {
    /// `MPNowPlayingPlaybackState`, as MPRIS's `PlaybackStatus` knows it.
    public enum State: String, Hashable, Sendable {
        case playing = "Playing"
        case paused = "Paused"
        case stopped = "Stopped"
    }

    /// The file, its index in the queue (0 when nothing plays) and whether files come after and before it.
    public var file: String?
    public var index = 0
    public var canGoNext = false
    public var canGoPrevious = false
    /// `MPMediaItemPropertyTitle`, `…Artist`, `…AlbumTitle`.
    public var title: String?
    public var artist: String?
    public var album: String?
    /// `MPMediaItemPropertyPlaybackDuration`, when the decoder knows it.
    public var duration: Duration?
    /// `MPNowPlayingInfoPropertyElapsedPlaybackTime`: the position heard when this was taken.
    public var elapsed: Duration = .zero
    public var state = State.stopped
    /// The player's volume, 0…1.
    public var volume = 1.0

    public init(
        file: String? = nil, index: Int = 0, title: String? = nil, artist: String? = nil, album: String? = nil,
        duration: Duration? = nil, elapsed: Duration = .zero, state: State = .stopped, volume: Double = 1
    ) {
        self.file = file
        self.index = index
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
        self.elapsed = elapsed
        self.state = state
        self.volume = volume
    }
}
