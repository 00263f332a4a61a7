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
              bgaudio play chime.wav --device null
              bgaudio play intro.wav stop1.wav --volume 0.5 --device "file:'/tmp/out.raw',raw"
              bgaudio play loop.wav --loop -1 --format jsonl
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
