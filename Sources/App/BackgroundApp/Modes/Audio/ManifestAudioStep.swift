package import BackgroundAudio
import BackgroundCore

/// What an `audio:` step of `lifecycle:` does to the app's audio (the audio mode's step kind,
/// ``LifecycleStepKind/audio``).
///
/// ```yaml
/// lifecycle:
///   - {at: 3h, audio: interruption, for: 45s, shouldResume: true}   # a phone call over the playback
///   - {at: 5h, audio: routeLost}                                    # headphones unplugged
///   - {at: 6h, audio: remote, command: togglePlayPause}             # the headphones' button
/// ```
package enum ManifestAudioStep: Hashable, Sendable {
    /// Another session takes the audio (`AVAudioSession.interruptionNotification`, `.began`); after `for`
    /// (nil: never, within the run) it ends (`.ended`), with `shouldResume` as its option.
    case interruption(for: Duration?, shouldResume: Bool)
    /// The route's device went away (`routeChangeNotification`, `.oldDeviceUnavailable`).
    case routeLost
    /// A remote command (`MPRemoteCommandCenter`), as the lock screen, headphones or a car send it.
    case remote(RemoteCommand)

    /// The keys an `audio:` step carries beside `at` and `audio`: an interruption's, a remote command's.
    static let options = ["for", "shouldResume", "command"]
    /// The commands a `remote` step sends (those without a value).
    static let commands: [RemoteCommand] = [.play, .pause, .togglePlayPause, .stop, .nextTrack, .previousTrack]

    /// Reads `audio:`'s value and its options from the step's mapping.
    init(_ value: ManifestValue, step fields: ManifestMapping) throws(InputError) {
        let word = try value.string()
        let allowed = ["interruption": ["for", "shouldResume"], "routeLost": [], "remote": ["command"]][word]
        for key in Self.options where allowed?.contains(key) == false {
            guard let given = fields[key] else { continue }
            throw given.error("\(key): belongs to an audio: \(key == "command" ? "remote" : "interruption") step, not \(word)", line: given.keyLine)
        }
        switch word {
        case "interruption":
            self = .interruption(for: try fields["for"]?.duration(), shouldResume: try fields["shouldResume"]?.bool() ?? true)
        case "routeLost":
            self = .routeLost
        case "remote":
            guard let given = fields["command"] else { throw value.error("an audio: remote step needs command: (one of \(Self.commandList))") }
            let name = try given.string()
            guard let command = Self.commands.first(where: { $0.name == name }) else {
                throw given.error("unknown remote command '\(ManifestValue.shown(name))' (expected one of \(Self.commandList))", line: given.keyLine)
            }
            self = .remote(command)
        case let other:
            throw value.error("unknown audio step '\(ManifestValue.shown(other))' (expected interruption, routeLost or remote)")
        }
    }

    private static var commandList: String { commands.map(\.name).joined(separator: ", ") }
}
