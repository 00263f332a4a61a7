import AppControl
import ArgumentParser
import BackgroundCore
import CommandLineSupport

/// The options of the commands that reach a running `bgloc live --app` through its control socket
/// (`push`, `simulate-launch`, `simulate-expiration`; docs/CONTROL.md).
struct ControlOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The control socket of the running app (default: the one `bgloc live --app` makes for BUNDLE and --state).",
        valueName: "socket"))
    var to: String?

    @Option(help: ArgumentHelp(
        "The --state PATH the app's `bgloc live --app` runs with: its socket is beside it (without: in $XDG_RUNTIME_DIR/bgkit/, else /tmp/bgkit-UID/).",
        valueName: "path"))
    var state: String?

    @Option(help: ArgumentHelp("How long to wait for the app's reply (default 10s).", valueName: "duration"))
    var timeout: DurationArgument?

    func validate() throws {
        if to != nil && state != nil { throw ValidationError("--to names the socket; --state would find another: give one of them") }
        try timeout?.requirePositive("--timeout")
    }

    /// Sends `verb` with `argument` to the app `bundle` (nil: whichever app listens at `--to`) and prints the reply: its
    /// message on standard output when it succeeded.
    ///
    /// - Throws: `ValidationError` without a bundle or `--to`; ``ControlError`` when the socket cannot be
    ///   reached or its reply read; `ExitCode.failure` after printing the app's refusal on standard error.
    func send(_ verb: String, _ argument: ControlRequest.Argument, to bundle: String?) throws {
        guard let path = to ?? bundle.map({ ControlSocketPath.path(bundle: $0, state: state) }) else {
            throw ValidationError("Which app? Give its BUNDLE identifier, or the socket with --to SOCKET.")
        }
        let request = try ControlRequest(verb: verb, bundle: bundle ?? ControlRequest.anyBundle, argument: argument)
        let client = ControlClient(path: path, timeout: timeout?.value ?? .seconds(10))
        let reply = try client.send(request)
        guard reply.succeeded else {
            StandardOutput.writeError("Error: \(reply.message)")
            throw ExitCode.failure
        }
        StandardOutput.writeLine(reply.message)
        StandardOutput.flush()
    }
}
