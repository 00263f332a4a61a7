import AppControl
import ArgumentParser
import BackgroundApp
import BackgroundCore
import CommandLineSupport

extension BGTaskTool {
    /// `bgtask audio-interrupt [--to SOCKET] [BUNDLE] [--for DURATION] [--no-resume]`: a phone call over a
    /// running app's audio.
    struct AudioInterrupt: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audio-interrupt",
            abstract: "Interrupt the audio of a running `bgloc live --app`, as a phone call or an alarm does on iOS.",
            discussion: """
                The app's audio session is interrupted (AVAudioSession's interruption began): a playing clip \
                pauses (audio.interrupted). With --for the interruption ends after that long, with \
                shouldResume unless --no-resume: the clip plays on (audio.resumed), or stays paused. Without \
                --for it lasts until the next audio-interrupt, which ends it. Reaches the app through its \
                control socket (docs/CONTROL.md).

                Example:
                  bgloc live --app Examples/AudioTour/app.yaml \\
                      --audio-device null --format jsonl &
                  sleep 1                  # its control socket is up within a second
                  bgtask audio-interrupt com.example.audiotour --for 45s
                  bgtask audio-interrupt com.example.audiotour --no-resume

                Exit status: 0 done; 1 the app refused (the reason on standard error), no app running, a \
                stale socket or no reply; 64 a bad option.
                """)

        @OptionGroup var control: ControlOptions

        @Argument(help: ArgumentHelp("The app's bundle identifier (optional with --to).", valueName: "bundle"))
        var bundle: String?

        @Option(name: .customLong("for"), help: ArgumentHelp("How long the interruption lasts.", valueName: "duration"))
        var duration: DurationArgument?

        @Flag(help: "End the interruption without shouldResume: the clip stays paused.")
        var noResume = false

        func validate() throws {
            try duration?.requirePositive("--for")
        }

        func run() throws {
            let argument = (noResume ? "no-resume" : "resume") + (duration.map { ":\(DurationSyntax.format($0.value))" } ?? "")
            try control.send(AudioMode.interruptVerb, .name(argument), to: bundle)
        }
    }
}
