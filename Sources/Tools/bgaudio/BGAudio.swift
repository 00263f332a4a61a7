import ArgumentParser
import CommandLineSupport

@main
struct BGAudio: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bgaudio",
        abstract: "Background audio on Linux: play files over ALSA with iOS's audio-session behaviour.",
        discussion: """
            Example:
              bgaudio info Examples/AudioTour/audio/lindenhof.wav
              bgaudio play Examples/AudioTour/audio/lindenhof.wav --device null

            The guides: docs/GETTING-STARTED.md and docs/ (after `make install`, also man bgaudio).
            """,
        version: BGKitVersion.current,
        subcommands: [Play.self, Info.self, Devices.self]
    )

    /// ArgumentParser's `main()`, but parsing and running on the main thread. Its own is nonisolated and
    /// async, so it moves to Swift concurrency's thread pool at once, and with that pool libdispatch wakes
    /// the process every second for as long as it lives. `play` is a blocking command (the player writes on
    /// a thread of its own), so playing a file starts no pool at all.
    ///
    /// `play` in its plain spellings starts without ArgumentParser's parsing (``PlayRequest/init(plainArguments:)``):
    /// its reflection over the commands' options costs more than all the rest of a short `play`.
    @MainActor
    static func main() async {
        do {
            if let request = PlayRequest(plainArguments: CommandLine.arguments.dropFirst()) {
                return try request.run()
            }
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
