import ALSAAudio
import BackgroundAudio
import CommandLineSupport
import MPRIS
import Synchronization

/// The remote control of `bgaudio play`: an MPRIS 2 player on the session bus when there is one
/// (`playerctl`, media keys, a headset through `mpris-proxy`), nothing otherwise (docs/AUDIO.md, "Remote
/// control"). Its commands act on the player from the bus's thread, as the keys do from theirs; `Stop` ends
/// the run as Ctrl-C does, with status 0. Its Now Playing is the player's, with the files' tags.
enum PlayRemote {
    /// Publishes `player`; nil without a session bus, or (said once on standard error) when it cannot be.
    static func publish(_ player: AudioPlayer, stop: @escaping @Sendable () -> Void) -> MPRISPlayer? {
        let remote: MPRISPlayer?
        do {
            remote = try MPRISPlayer.publish(identity: "bgkit") { [weak player] command in
                if command == .stop { return stop() }
                player?.perform(command)
            }
        } catch {
            StandardOutput.writeError("bgaudio: no remote control over MPRIS: \(error)")
            return nil
        }
        guard let remote else { return nil }
        let tags = TagShelf()
        player.addEventListener { [weak player, weak remote] _ in
            guard let player, let remote else { return }
            remote.update(player.nowPlaying(tags: tags.tags))
        }
        remote.update(player.nowPlaying(tags: tags.tags))
        return remote
    }
}

/// Each file's tags, read once (libsndfile opens the file).
private final class TagShelf: Sendable {
    private let read = Mutex<[String: AudioTags]>([:])

    func tags(_ file: String) -> AudioTags {
        if let known = read.withLock({ $0[file] }) { return known }
        let found = AudioFile.tags(file)
        read.withLock { $0[file] = found }
        return found
    }
}
