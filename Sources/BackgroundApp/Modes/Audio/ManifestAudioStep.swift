import BackgroundCore

/// What an `audio:` step of `lifecycle:` does to the app's audio session (the audio mode's step kind,
/// ``LifecycleStepKind/audio``).
///
/// ```yaml
/// lifecycle:
///   - {at: 3h, audio: interruption, for: 45s, shouldResume: true}   # a phone call over the playback
///   - {at: 5h, audio: routeLost}                                    # headphones unplugged
/// ```
package enum ManifestAudioStep: Hashable, Sendable {
    /// Another session takes the audio (`AVAudioSession.interruptionNotification`, `.began`); after `for`
    /// (nil: never, within the run) it ends (`.ended`), with `shouldResume` as its option.
    case interruption(for: Duration?, shouldResume: Bool)
    /// The route's device went away (`routeChangeNotification`, `.oldDeviceUnavailable`).
    case routeLost

    /// The keys an `audio:` step carries beside `at` and `audio`, both an interruption's.
    static let options = ["for", "shouldResume"]

    /// Reads `audio:`'s value and its options from the step's mapping.
    init(_ value: ManifestValue, step fields: ManifestMapping) throws(InputError) {
        switch try value.string() {
        case "interruption":
            self = .interruption(for: try fields["for"]?.duration(), shouldResume: try fields["shouldResume"]?.bool() ?? true)
        case "routeLost":
            for key in Self.options {
                guard let given = fields[key] else { continue }
                throw given.error("\(key): belongs to an audio: interruption step, not routeLost", line: given.keyLine)
            }
            self = .routeLost
        case let other:
            throw value.error("unknown audio step '\(ManifestValue.shown(other))' (expected interruption or routeLost)")
        }
    }
}
