import ALSAAudio
import ArgumentParser
import CommandLineSupport

struct Devices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the ALSA devices to play to (any NAME works as --device) and the sound cards.",
        discussion: """
            Example:
              bgaudio devices
              bgaudio play Examples/AudioTour/audio/lindenhof.wav --device null
                                           # or --device NAME, a NAME from the list
            """
    )

    func run() async throws {
        let pcms = ALSADevices.pcms().filter(\.canPlay)
        let width = max(4, pcms.map(\.name.count).max() ?? 0)
        StandardOutput.writeLine("PCM devices:")
        StandardOutput.writeLine("  " + pad("NAME", width) + "  DESCRIPTION")
        for pcm in pcms {
            StandardOutput.writeLine("  " + pad(pcm.name, width) + "  " + pcm.description)
        }
        if pcms.isEmpty { StandardOutput.writeLine("  (none)") }
        StandardOutput.writeLine("")
        StandardOutput.writeLine("Sound cards:")
        let cards = ALSADevices.cards()
        for card in cards {
            StandardOutput.writeLine("  \(card.index)  \(card.name)  \(card.longName)")
        }
        if cards.isEmpty {
            StandardOutput.writeLine("  (none: only 'null' and 'file:' devices can play; try --device null)")
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
