import ALSAAudio
import ArgumentParser
import BackgroundAudio
import BackgroundCore
import CommandLineSupport

/// What `bgaudio play` was asked to do, as plain values: checked by ``validate()`` and carried out by
/// ``run()``. ``Play`` (the parsed command) fills it in.
struct PlayRequest: Equatable, Sendable {
    var files: [String]
    var device = "default"
    var volume = 1.0
    var loop = 0
    var start = 0.0
    var quiet = false
    var format: TimelineFormat?

    func validate() throws(ValidationError) {
        guard (0...1).contains(volume) else {
            throw ValidationError("Please give a --volume from 0 to 1, not \(volume).")
        }
        guard loop >= -1 else {
            throw ValidationError("Please give a --loop of -1 (forever), 0 (once) or more, not \(loop).")
        }
        // At most 100 years: beyond, the value does not fit the clock's durations (it trapped).
        guard start >= 0, start.isFinite, start <= 3_153_600_000 else {
            throw ValidationError("Please give a --start from 0 to 3153600000 seconds (100 years), not \(start).")
        }
        guard !files.isEmpty else { throw ValidationError("Please name at least one file to play.") }
    }

    /// Plays on the calling thread until the queue ends or a signal stops it.
    func run() throws {
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
        let failures = try Interruption.runBlocking(onSignal: { console.stop(player) }) {
            let keyboard = KeyControls(player: player, session: session)
            defer {
                keyboard?.stop()
                console.finish()
            }
            return console.play(player)
        }
        if !failures.isEmpty { throw PlayFailure(messages: failures) }
    }
}

/// What `bgaudio play` could not play, as one sentence per problem.
struct PlayFailure: Error, CustomStringConvertible {
    var messages: [String]
    var description: String { messages.joined(separator: "\n") }
}
