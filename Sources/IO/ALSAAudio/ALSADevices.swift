import CALSA

/// What ALSA can play to: the PCMs its configuration defines (`snd_device_name_hint`) and the sound
/// cards present (`snd_card_next`).
///
/// ```swift
/// for pcm in ALSADevices.pcms() where pcm.canPlay { print(pcm.name, pcm.description) }
/// let cards = ALSADevices.cards()   // empty on a machine without a sound card
/// ```
package enum ALSADevices {
    /// A PCM name usable as `--device`, with ALSA's description.
    package struct PCM: Hashable, Sendable {
        package var name: String
        /// ALSA's description, lines joined with " — " ("Discard all samples (playback) or generate zero samples (capture)").
        package var description: String
        /// ALSA's IOID hint: "Output", "Input", or nil when the PCM does both.
        package var direction: String?

        /// True unless the PCM is capture-only.
        package var canPlay: Bool { direction != "Input" }
    }

    /// A sound card.
    package struct Card: Hashable, Sendable {
        package var index: Int
        package var name: String
        package var longName: String
    }

    /// The PCMs of ALSA's configuration, in ALSA's order.
    package static func pcms() -> [PCM] {
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
    package static func cards() -> [Card] {
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
