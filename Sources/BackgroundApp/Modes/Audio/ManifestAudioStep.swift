import BackgroundCore

/// A `lifecycle:` step of the audio mode: something that happens to the app's audio session at an offset.
///
/// ```yaml
/// lifecycle:
///   - {at: 3h, audio: interruption, for: 45s, shouldResume: true}   # a phone call over the playback
///   - {at: 5h, audio: routeLost}                                    # headphones unplugged
/// ```
package struct ManifestAudioStep: Hashable, Sendable {
    package enum Change: Hashable, Sendable {
        /// Another session takes the audio (`AVAudioSession.interruptionNotification`, `.began`); after `for`
        /// (nil: never, within the run) it ends (`.ended`), with `shouldResume` as its option.
        case interruption(for: Duration?, shouldResume: Bool)
        /// The route's device went away (`routeChangeNotification`, `.oldDeviceUnavailable`).
        case routeLost
    }

    package var offset: Duration
    package var change: Change

    package init(offset: Duration, change: Change) {
        self.offset = offset
        self.change = change
    }

    /// A step's keys: `at`, `audio` and, for an interruption, `for` and `shouldResume`.
    static let keys = ["at", "audio", "for", "shouldResume"]

    /// Reads one step of `lifecycle:` that has the `audio` key.
    init(_ item: ManifestValue) throws(InputError) {
        let fields = try item.mapping(allowed: Self.keys)
        offset = try fields.required("at").duration()
        let kind = try fields.required("audio")
        switch try kind.string() {
        case "interruption":
            change = .interruption(for: try fields["for"]?.duration(), shouldResume: try fields["shouldResume"]?.bool() ?? true)
        case "routeLost":
            for key in ["for", "shouldResume"] {
                guard let value = fields[key] else { continue }
                throw value.error("\(key): belongs to an audio: interruption step, not routeLost", line: value.keyLine)
            }
            change = .routeLost
        case let other:
            throw kind.error("unknown audio step '\(ManifestValue.shown(other))' (expected interruption or routeLost)")
        }
    }
}
