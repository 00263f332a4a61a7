package import BackgroundAudio
import BackgroundCore

extension AudioMode {
    /// Publishes the app's Now Playing where ``EmulatedApp/Audio/remote`` says (MPRIS under `bgloc live`),
    /// its commands posted into the engine's inbox and handled by ``remote(_:)`` on the engine's owner. Only
    /// an app with the `audio` background mode publishes (nothing is loaded for the others).
    func publishRemote() {
        guard let remote = audio?.remote, let app, app.manifest.backgroundModes.contains("audio") else { return }
        let inbox = app.engine.inbox
        let target = RemoteTarget(mode: self)
        publisher = remote("bgkit: \(app.manifest.app)") { command in
            inbox.post { target.mode?.remote(command) }
        }
        updateNowPlaying()
    }

    /// A remote command (MPRIS, a `lifecycle:` step `{audio: remote}`, `EmulatedDevice.remoteCommand(_:)`),
    /// handed to the app's code as `MPRemoteCommandCenter` hands it to the handlers the app added
    /// (``AppCode/remoteCommandCenter(_:didReceive:)``); then Now Playing says what plays.
    package func remote(_ command: RemoteCommand) {
        guard let app else { return }
        app.code.remoteCommandCenter(app, didReceive: command)
        updateNowPlaying()
    }

    /// The app's own code set `MPNowPlayingInfoCenter.nowPlayingInfo` (nil: it says nothing), with its playback
    /// rate (nil: not given): what Now Playing shows from now on, in place of what the player plays.
    package func appNowPlayingDidChange(_ info: NowPlayingInfo?, rate: Double?) {
        codeNowPlaying = info.map { ($0, rate) }
        updateNowPlaying()
    }

    /// Tells the publisher what plays: what the app's code said (playing when its rate is above 0, or, without
    /// a rate, while its audio plays), else the manifest's `nowPlaying:`, else the clip's tags, else its name.
    func updateNowPlaying() {
        guard let publisher else { return }
        if let (said, rate) = codeNowPlaying {
            var info = said
            let playing = rate.map { $0 > 0 } ?? (player?.isPlaying == true || codePlayers.contains { $0()?.isPlaying == true })
            info.state = playing ? .playing : .paused
            return publisher.update(info)
        }
        let declared = app?.manifest.audio?.nowPlaying ?? AudioTags()
        let info = player?.nowPlaying { file in
            let found = tagCache[file] ?? audio?.tags(file) ?? AudioTags()
            tagCache[file] = found
            return AudioTags(title: declared.title ?? found.title, artist: declared.artist ?? found.artist, album: declared.album ?? found.album)
        } ?? NowPlayingInfo()
        publisher.update(info)
    }
}

/// The mode, for a command posted from the bus's thread: only dereferenced on the engine's owner, inside
/// the input the inbox runs there.
private final class RemoteTarget: @unchecked Sendable {
    weak var mode: AudioMode?
    init(mode: AudioMode) { self.mode = mode }
}
