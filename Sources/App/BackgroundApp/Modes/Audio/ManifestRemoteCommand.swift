import BackgroundAudio
import BackgroundCore

/// What the app does on a remote command (`audio: {remoteCommands: {nextTrack: …}}`), as the handler it adds
/// to `MPRemoteCommandCenter`'s command: what a player does (`player`, the default), nothing (`ignore`: the
/// command is disabled), or an action (`{submit: …, play: …}`, run with the trigger `remote`).
///
/// ```yaml
/// audio:
///   category: playback
///   remoteCommands: {nextTrack: {play: audio/next-stop.wav}, previousTrack: ignore}
/// ```
package enum ManifestRemoteCommand: Hashable, Sendable {
    case player
    case ignore
    case action(ManifestAction)

    /// Reads `remoteCommands:`, keyed by ``RemoteCommand/name``.
    static func read(_ value: ManifestValue) throws(InputError) -> [String: ManifestRemoteCommand] {
        var result: [String: ManifestRemoteCommand] = [:]
        _ = try value.mapping(allowed: RemoteCommand.names)
        for (name, entry) in try value.entries() {
            if case .success(let word) = Result(catching: { () throws(InputError) in try entry.string() }) {
                switch word {
                case "player": result[name] = .player
                case "ignore": result[name] = .ignore
                default: throw entry.error("expected player, ignore or an action such as {submit: ID}", key: name)
                }
            } else {
                result[name] = .action(try entry.action())
            }
        }
        return result
    }
}

extension ActionTrigger.Kind {
    /// A remote command (`MPRemoteCommandCenter`: the lock screen, headphones, MPRIS).
    package static let remote = Self("remote")
}
