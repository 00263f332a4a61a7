package import BackgroundAudio

/// The emulated app's audio session (`audio:`): its category, the ALSA device it plays on, what its Now
/// Playing says and what it does on remote commands.
///
/// ```yaml
/// audio:
///   category: playback
///   device: default
///   nowPlaying: {title: Old Town, artist: City Museum, album: Walking Tour}   # else the clip's tags
///   remoteCommands: {nextTrack: {play: audio/next.wav}, previousTrack: ignore}
/// ```
package struct ManifestAudio: Hashable, Sendable {
    /// `AVAudioSession.Category`.
    package enum Category: String, Hashable, Sendable, CaseIterable {
        case ambient, soloAmbient, playback, record, playAndRecord, multiRoute
    }

    package var category: Category
    /// Any ALSA PCM name; `null` plays silently.
    package var device: String
    /// What the app sets in `MPNowPlayingInfoCenter`; each tag it leaves out comes from the clip's.
    package var nowPlaying: AudioTags
    /// What the app does on each remote command, by ``RemoteCommand/name``; a command not named does what a
    /// player does.
    package var remoteCommands: [String: ManifestRemoteCommand]

    package init(
        category: Category = .soloAmbient, device: String = "default", nowPlaying: AudioTags = AudioTags(),
        remoteCommands: [String: ManifestRemoteCommand] = [:]
    ) {
        self.category = category
        self.device = device
        self.nowPlaying = nowPlaying
        self.remoteCommands = remoteCommands
    }
}
