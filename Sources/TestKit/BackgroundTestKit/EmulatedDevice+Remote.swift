public import BackgroundAudio
import BackgroundApp

extension EmulatedDevice {
    /// Sends a remote command to the app now, as the lock screen, headphone buttons or a car do: the
    /// handlers its code added to `MPRemoteCommandCenter`'s command run on the main actor (none for a
    /// command without a handler, or disabled), and the app's code runs until it waits. An app whose code
    /// added no handler to any command answers with the manifest's `remoteCommands:` (a player's answer by
    /// default). The §1 `audio.*` events are those of what the handlers do.
    ///
    /// ```swift
    /// try await device.remoteCommand(.togglePlayPause)     // the app's handler pauses: audio.paused, now
    /// ```
    public func remoteCommand(_ command: RemoteCommand) async throws {
        try await asApp { app.mode(AudioMode.self)?.remote(command) }
    }

    /// What Now Playing shows now (the lock screen, MPRIS): what the app's code set in
    /// `MPNowPlayingInfoCenter.default().nowPlayingInfo` (its playback rate deciding `state`), or for a
    /// manifest's clip its `nowPlaying:` and tags; nil for an app without the `audio` background mode, which
    /// publishes nothing.
    public var nowPlayingInfo: NowPlayingInfo? { nowPlaying.latest }
}
