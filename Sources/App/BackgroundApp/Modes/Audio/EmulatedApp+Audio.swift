package import BackgroundAudio

extension EmulatedApp {
    /// Where the emulated app's clips go and how they are decoded — the seam between the app and the
    /// machine's audio. `bgloc` passes ALSA's output and decoders; a test passes a recording output.
    ///
    /// ```swift
    /// let audio = EmulatedApp.Audio(output: { ALSAOutput(device: $0) }, open: AudioFile.open)
    /// ```
    package struct Audio {
        /// An output for the manifest's `audio.device` (an ALSA PCM name; `null` plays silently).
        package var output: (String) -> any AudioOutput
        /// A decoder for a clip's path.
        package var open: (String) throws -> any AudioDecoder
        /// A clip's title, artist and album tags, for Now Playing (none by default).
        package var tags: (String) -> AudioTags
        /// Publishes the app's Now Playing and hands over remote commands (from any thread), as
        /// `MPNowPlayingInfoCenter` and `MPRemoteCommandCenter` on iOS: `bgloc live` passes an MPRIS player
        /// on the session bus, `EmulatedDevice` a recording one; nil (the default, and `bgloc replay` and
        /// `bgtask simulate`) publishes nothing. Called with the player's identity once the mode is attached;
        /// it returns nil when there is nowhere to publish.
        package var remote: ((_ identity: String, _ commands: @escaping @Sendable (RemoteCommand) -> Void) -> (any NowPlayingPublisher)?)?

        package init(
            output: @escaping (String) -> any AudioOutput, open: @escaping (String) throws -> any AudioDecoder,
            tags: @escaping (String) -> AudioTags = { _ in AudioTags() },
            remote: ((_ identity: String, _ commands: @escaping @Sendable (RemoteCommand) -> Void) -> (any NowPlayingPublisher)?)? = nil
        ) {
            self.output = output
            self.open = open
            self.tags = tags
            self.remote = remote
        }
    }
}
