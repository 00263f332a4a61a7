import BackgroundAudio
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

    /// A remote command, as `MPRemoteCommandCenter`'s handler the app added does it: the manifest's
    /// `remoteCommands:` says what (what a player does, by default).
    func remote(_ command: RemoteCommand) {
        guard let app else { return }
        switch app.manifest.audio?.remoteCommands[command.name] ?? .player {
        case .ignore:
            break
        case .action(let action):
            app.trigger(action, by: ActionTrigger(.remote, source: command.name), reason: "remote command \(command.name)")
        case .player:
            player?.perform(command)
        }
        updateNowPlaying()
    }

    /// Tells the publisher what plays: the manifest's `nowPlaying:`, else the clip's tags, else its name.
    func updateNowPlaying() {
        guard let publisher else { return }
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
