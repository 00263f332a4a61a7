import AppControl
import ArgumentParser

/// `[--to SOCKET] [--state PATH] [BUNDLE] ID`: the running app and one of its tasks, for `simulate-launch`
/// and `simulate-expiration`.
struct TaskArguments: ParsableArguments {
    @OptionGroup var control: ControlOptions

    @Argument(help: ArgumentHelp(
        "[BUNDLE] ID: the app's bundle identifier (optional with --to), then the task's identifier.", valueName: "bundle-and-id"))
    var arguments: [String]

    func validate() throws {
        guard (1...2).contains(arguments.count) else { throw ValidationError("Expected [BUNDLE] ID: the task's identifier, after the app's bundle.") }
    }

    /// Sends `verb` with the task's identifier to the app and prints the reply.
    func send(_ verb: String) throws {
        try control.send(verb, .name(arguments[arguments.count - 1]), to: arguments.count == 2 ? arguments[0] : nil)
    }
}
