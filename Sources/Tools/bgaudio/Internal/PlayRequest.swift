import ALSAAudio
import ArgumentParser
import BackgroundAudio
import BackgroundCore
import CommandLineSupport
import MPRIS

/// What `bgaudio play` was asked to do, as plain values: checked by ``validate()`` and carried out by
/// ``run()``. ``Play`` (the parsed command) or ``init(plainArguments:)`` fills it in; the options'
/// defaults and accepted values are declared in ``PlayOptions``.
struct PlayRequest: Equatable, Sendable {
    var files: [String]
    var device: String = PlayOptions.device.defaultValue
    var volume: Double = PlayOptions.volume.defaultValue
    var loop: Int = PlayOptions.loop.defaultValue
    var start: DurationArgument = PlayOptions.start.defaultValue
    var quiet: Bool = PlayOptions.quiet.defaultValue
    var format: TimelineFormat? = PlayOptions.format.defaultValue

    func validate() throws(ValidationError) {
        try PlayOptions.volume.validate(volume)
        try PlayOptions.loop.validate(loop)
        guard !files.isEmpty else { throw ValidationError("Please name at least one file to play.") }
    }

    /// Plays on the calling thread until the queue ends or a signal stops it.
    func run() throws {
        let format = self.format ?? .automatic
        // A playback session with the audio background mode: what a music or tour app declares.
        let session = AudioSession(category: .playback, backgroundAudioMode: true)
        // The null device plays in the audio's own time, so that pausing and interruptions can be tried with it.
        let output: any AudioOutput = device == "null" ? PacedOutput(ALSAOutput(device: device)) : ALSAOutput(device: device)
        let player = AudioPlayer(files: files, output: output, session: session, open: AudioFile.open)
        player.numberOfLoops = loop
        player.volume = Float(volume)
        if start.value > .zero { player.currentTime = start.value }
        let console = PlayConsole(
            printer: (quiet && format == .text) ? nil : TimelinePrinter(format: format, flushEachLine: true),
            showsProgress: !quiet && StandardOutput.errorIsTerminal
        )
        let failures = try Interruption.runBlocking(onSignal: { console.stop(player) }) {
            let keyboard = KeyControls(player: player, session: session)
            let remote = PlayRemote.publish(player) { console.stop(player) }
            defer {
                remote?.close()
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
