/// The emulated app's audio session (`audio:`): its category and the ALSA device it plays on.
///
/// ```yaml
/// audio: {category: playback, device: default}
/// ```
public struct ManifestAudio: Hashable, Sendable {
    /// `AVAudioSession.Category`.
    public enum Category: String, Hashable, Sendable, CaseIterable {
        case ambient, soloAmbient, playback, record, playAndRecord, multiRoute
    }

    public var category: Category
    /// Any ALSA PCM name; `null` plays silently.
    public var device: String

    public init(category: Category = .soloAmbient, device: String = "default") {
        self.category = category
        self.device = device
    }
}
