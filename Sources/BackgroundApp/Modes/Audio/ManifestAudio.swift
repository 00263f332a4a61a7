/// The emulated app's audio session (`audio:`): its category and the ALSA device it plays on.
///
/// ```yaml
/// audio: {category: playback, device: default}
/// ```
package struct ManifestAudio: Hashable, Sendable {
    /// `AVAudioSession.Category`.
    package enum Category: String, Hashable, Sendable, CaseIterable {
        case ambient, soloAmbient, playback, record, playAndRecord, multiRoute
    }

    package var category: Category
    /// Any ALSA PCM name; `null` plays silently.
    package var device: String

    package init(category: Category = .soloAmbient, device: String = "default") {
        self.category = category
        self.device = device
    }
}
