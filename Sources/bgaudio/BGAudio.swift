import ArgumentParser

@main
struct BGAudio: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bgaudio",
        abstract: "Background audio on Linux: play files over ALSA with iOS's audio-session behaviour.",
        subcommands: [Play.self, Info.self, Devices.self]
    )
}
