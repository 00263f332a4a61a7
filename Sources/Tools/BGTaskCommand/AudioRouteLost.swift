import AppControl
import ArgumentParser
import BackgroundApp

extension BGTaskTool {
    /// `bgtask audio-route-lost [--to SOCKET] [BUNDLE]`: the headphones of a running app come out.
    struct AudioRouteLost: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audio-route-lost",
            abstract: "Take the audio route of a running `bgloc live --app` away, as unplugging headphones does on iOS.",
            discussion: """
                The app's audio session sees a route change with the reason oldDeviceUnavailable: a playing \
                clip pauses (audio.paused) and stays paused until played again. Reaches the app through its \
                control socket (docs/CONTROL.md).

                Example:
                  bgloc live --app Examples/AudioTour/app.yaml \\
                      --audio-device null --format jsonl &
                  sleep 1                  # its control socket is up within a second
                  bgtask audio-route-lost com.example.audiotour

                Exit status: 0 done; 1 no app running, a stale socket or no reply; 64 a bad option.
                """)

        @OptionGroup var control: ControlOptions

        @Argument(help: ArgumentHelp("The app's bundle identifier (optional with --to).", valueName: "bundle"))
        var bundle: String?

        func run() throws {
            try control.send(AudioMode.routeLostVerb, .name("-"), to: bundle)
        }
    }
}
