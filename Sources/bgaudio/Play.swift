import ALSAAudio
import ArgumentParser
import BackgroundAudio
import BackgroundCore
import CommandLineSupport

struct Play: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play audio files over ALSA, gaplessly, as an iOS app's AVAudioPlayer would.",
        discussion: """
            On a terminal, the file, elapsed and total time and a progress bar show on standard error; \
            space pauses and resumes, i begins and ends an audio-session interruption, u unplugs the \
            route (the player pauses); Ctrl-C stops (exit status 130). With --format jsonl the audio.* \
            events are written to standard output as the event stream.
            """
    )

    @Argument(help: "The audio files to play, in order.")
    var files: [String]

    @Option(help: "The ALSA PCM to play to: default, hw:0,0, null, or file:'/tmp/out.raw',raw.")
    var device = "default"

    @Option(help: "The volume from 0 to 1; at 1 the samples reach ALSA bit for bit.")
    var volume = 1.0

    @Option(parsing: .unconditional, help: "Extra passes of each file: 0 plays it once, N plays it N + 1 times, -1 loops forever.")
    var loop = 0

    @Option(help: "Start this many seconds into the first file.")
    var start = 0.0

    @Flag(help: "Show no progress and no text timeline.")
    var quiet = false

    @Option(help: "The timeline format: text (default on a terminal) or jsonl.")
    var format: TimelineFormat?

    func validate() throws {
        guard (0...1).contains(volume) else {
            throw ValidationError("Please give a --volume from 0 to 1, not \(volume).")
        }
        guard start >= 0, start.isFinite else {
            throw ValidationError("Please give a --start of 0 seconds or more, not \(start).")
        }
        guard !files.isEmpty else { throw ValidationError("Please name at least one file to play.") }
    }

    func run() async throws {
        let format = self.format ?? .automatic
        // A playback session with the audio background mode: what a music or tour app declares.
        let session = AudioSession(category: .playback, backgroundAudioMode: true)
        let player = AudioPlayer(files: files, output: ALSAOutput(device: device), session: session, open: AudioFile.open)
        player.numberOfLoops = loop
        player.volume = Float(volume)
        if start > 0 { player.currentTime = .nanoseconds(Int64(start * 1e9)) }
        let console = PlayConsole(
            printer: (quiet && format == .text) ? nil : TimelinePrinter(format: format, flushEachLine: true),
            showsProgress: !quiet && StandardOutput.errorIsTerminal
        )
        let failures = try await Interruption.run {
            let keyboard = KeyControls(player: player, session: session)
            defer {
                keyboard?.stop()
                console.finish()
            }
            return await withTaskCancellationHandler {
                player.play()
                return await console.follow(player)
            } onCancel: {
                player.stop()
            }
        }
        if !failures.isEmpty { throw PlayFailure(messages: failures) }
    }
}

/// What `bgaudio play` could not play, as one sentence per problem.
struct PlayFailure: Error, CustomStringConvertible {
    var messages: [String]
    var description: String { messages.joined(separator: "\n") }
}
