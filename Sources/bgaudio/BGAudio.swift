import ArgumentParser
import CommandLineSupport

@main
struct BGAudio: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bgaudio",
        abstract: "Background audio on Linux: play files over ALSA with iOS's audio-session behaviour.",
        discussion: """
            Example:
              bgaudio info chime.wav
              bgaudio play chime.wav --device default --volume 0.5

            The manual: man bgaudio; the guides: docs/GETTING-STARTED.md.
            """,
        version: BGKitVersion.current,
        subcommands: [Play.self, Info.self, Devices.self]
    )
}
