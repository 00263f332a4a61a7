import AppControl
import BackgroundApp
import ArgumentParser
import BackgroundPushes
import JSON

extension BGTaskTool {
    /// `bgtask push [--to SOCKET] [BUNDLE] (FILE | -)`: `xcrun simctl push` for a running `bgloc live --app`.
    struct Push: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "push",
            abstract: "Send a background push to a running `bgloc live --app`, as `xcrun simctl push` does to a simulator.",
            discussion: """
                The arguments and file are those of `xcrun simctl push` (without its device): an optional \
                bundle identifier, then a payload file in APNs' JSON format, or - for standard input. The \
                payload must be a JSON object of at most 4096 bytes; the app takes it as iOS does \
                (docs/PUSH.md): a notification is shown, content-available: 1 wakes it. A top-level "Simulator Target \
                Bundle" names the app when BUNDLE is not given (BUNDLE wins). The app's control socket is \
                found from the bundle and --state, as `bgloc live --app` makes it, or given with --to \
                (docs/CONTROL.md). The reply says what the app did with the push.

                Example:
                  bgloc live --app Examples/News/app.yaml --state news.db &
                  sleep 1                  # its control socket is up within a second
                  bgtask push --state news.db Examples/News/push/breaking.apns
                  echo '{"aps":{"content-available":1}}' |
                      bgtask push --state news.db com.example.news -

                Exit status: 0 the app took the push; 1 a payload that breaks a rule (naming the file and \
                the byte or key), no app running, a stale socket, no reply, or the app's refusal (one line \
                on standard error); 64 a bad option.
                """)

        @OptionGroup var control: ControlOptions

        @Argument(help: ArgumentHelp(
            "[BUNDLE] FILE: the app's bundle identifier (optional), then the payload file, or - for standard input.",
            valueName: "bundle-and-file"))
        var arguments: [String]

        func validate() throws {
            guard (1...2).contains(arguments.count) else {
                throw ValidationError("Expected [BUNDLE] FILE (or - for standard input), as `xcrun simctl push` takes them.")
            }
        }

        func run() throws {
            let payload = try PushPayload.read(path: arguments[arguments.count - 1])
            let bundle = arguments.count == 2 ? arguments[0] : payload.targetBundle
            // The app gets the payload as compact JSON, without the target bundle (it is in the request).
            try control.send(PushMode.pushVerb, .payload(Array(payload.userInfo.jsonText.utf8)), to: bundle)
        }
    }
}
