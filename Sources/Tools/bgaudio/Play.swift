import ArgumentParser
import CommandLineSupport

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play audio files over ALSA, gaplessly, as an iOS app's AVAudioPlayer would.",
        discussion: """
            On a terminal, the file, elapsed and total time and a progress bar show on standard error; \
            space pauses and resumes, i begins and ends an audio-session interruption, u unplugs the \
            route (the player pauses); Ctrl-C stops (exit status 130). With --format jsonl the audio.* \
            events are written to standard output as the event stream.

            Example:
              bgaudio play Examples/AudioTour/audio/lindenhof.wav --device null
              bgaudio play Examples/AudioTour/audio/*.wav --volume 0.5 \\
                  --device "file:'/tmp/out.raw',raw"
              bgaudio play Examples/AudioTour/audio/stpeter.wav --loop 2 \\
                  --device null --format jsonl
            """
    )

    @Argument(help: "The audio files to play, in order.")
    var files: [String]

    // Each option's name, default, help and accepted values are declared once, in PlayOptions, which the
    // plain reading of the command line (PlayRequest(plainArguments:)) reads too.
    @Option(name: PlayOptions.device.argumentName, help: PlayOptions.device.argumentHelp)
    var device = PlayOptions.device.defaultValue

    @Option(name: PlayOptions.volume.argumentName, help: PlayOptions.volume.argumentHelp)
    var volume = PlayOptions.volume.defaultValue

    @Option(name: PlayOptions.loop.argumentName, parsing: PlayOptions.loop.parsing, help: PlayOptions.loop.argumentHelp)
    var loop = PlayOptions.loop.defaultValue

    @Option(name: PlayOptions.start.argumentName, help: PlayOptions.start.argumentHelp)
    var start = PlayOptions.start.defaultValue

    @Flag(name: PlayOptions.quiet.argumentName, help: PlayOptions.quiet.argumentHelp)
    var quiet = PlayOptions.quiet.defaultValue

    @Option(name: PlayOptions.format.argumentName, help: PlayOptions.format.argumentHelp)
    var format: TimelineFormat?

    var request: PlayRequest {
        PlayRequest(files: files, device: device, volume: volume, loop: loop, start: start, quiet: quiet, format: format)
    }

    func validate() throws {
        try request.validate()
    }

    func run() throws {
        try request.run()
    }
}
