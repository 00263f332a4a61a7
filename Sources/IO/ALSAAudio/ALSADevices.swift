import CALSA

/// What ALSA can play to: the PCMs its configuration defines (`snd_device_name_hint`) and the sound
/// cards present (`snd_card_next`).
///
/// ```swift
/// for pcm in ALSADevices.pcms() where pcm.canPlay { print(pcm.name, pcm.description) }
/// let cards = ALSADevices.cards()   // empty on a machine without a sound card
/// ```
public enum ALSADevices {
    /// A PCM name usable as `--device`, with ALSA's description.
    public struct PCM: Hashable, Sendable {
        public var name: String
        /// ALSA's description, lines joined with " — " ("Discard all samples (playback) or generate zero samples (capture)").
        public var description: String
        /// ALSA's IOID hint: "Output", "Input", or nil when the PCM does both.
        public var direction: String?

        /// True unless the PCM is capture-only.
        public var canPlay: Bool { direction != "Input" }
    }

    /// A sound card.
    public struct Card: Hashable, Sendable {
        public var index: Int
        public var name: String
        public var longName: String
    }

    /// The PCMs of ALSA's configuration, in ALSA's order.
    public static func pcms() -> [PCM] {
        ALSALog.install()
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard system_snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
        defer { system_snd_device_name_free_hint(hints) }
        var result: [PCM] = []
        var cursor = hints
        while let hint = cursor.pointee {
            if let name = system_snd_device_name_get_hint(hint, "NAME") {
                let description = (system_snd_device_name_get_hint(hint, "DESC") ?? "")
                    .split(separator: "\n").joined(separator: " — ")
                result.append(PCM(name: name, description: description, direction: system_snd_device_name_get_hint(hint, "IOID")))
            }
            cursor += 1
        }
        return result
    }

    /// The sound cards present; empty when there are none.
    public static func cards() -> [Card] {
        var result: [Card] = []
        var card: CInt = -1
        while system_snd_card_next(&card) >= 0 && card >= 0 {
            let name = (try? system_snd_card_get_name(card).get()) ?? "card \(card)"
            let longName = (try? system_snd_card_get_longname(card).get()) ?? name
            result.append(Card(index: Int(card), name: name, longName: longName))
        }
        return result
    }
}
