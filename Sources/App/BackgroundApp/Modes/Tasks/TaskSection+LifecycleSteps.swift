import AppControl
import BackgroundCore

extension TaskSection {
    /// The debugger's commands as lifecycle steps: `{at: 2h, simulateLaunch: ID}` and `{at: 2h,
    /// simulateExpiration: ID}`, run as the app's control verbs of the same names.
    public static var lifecycleSteps: [LifecycleStepKind] { [.simulateLaunch, .simulateExpiration] }
}

extension LifecycleStepKind {
    /// `simulateLaunch: ID`: the debugger's `_simulateLaunchForTaskWithIdentifier:` launches the pending task now.
    static let simulateLaunch = debuggerCommand("simulateLaunch", verb: TaskMode.simulateLaunchVerb)
    /// `simulateExpiration: ID`: the debugger's `_simulateExpirationForTaskWithIdentifier:` expires the running
    /// task now.
    static let simulateExpiration = debuggerCommand("simulateExpiration", verb: TaskMode.simulateExpirationVerb)

    /// The app's control verb `verb` (the tasks mode brings them); where it does nothing, an `error` event
    /// (code `simulate`) says why.
    private static func runDebuggerCommand(_ verb: String, _ identifier: String, step: String, on app: EmulatedApp) {
        let timeline = app.timeline
        guard let command = app.controlVerbs[verb] else {
            return timeline.record(.error(message: "\(step): the app has no mode that answers \(verb)", code: "simulate"))
        }
        let reply = command.perform(identifier, [])
        if !reply.succeeded {
            timeline.record(.error(message: "\(step): \(reply.message); the debugger's command does nothing", code: "simulate"))
        }
    }

    /// The step `key` that runs the app's control verb `verb` with the step's task identifier.
    private static func debuggerCommand(_ key: String, verb: String) -> LifecycleStepKind {
        LifecycleStepKind(key, read: { value, _ throws(InputError) in try value.string() }) { identifier, step in
            runDebuggerCommand(verb, identifier, step: key, on: step.app)
        }
    }
}

extension ManifestLifecycleStep.Change {
    /// `simulateLaunch: ID`.
    public static func simulateLaunch(_ identifier: String) -> Self { Self(.simulateLaunch, identifier) }
    /// `simulateExpiration: ID`.
    public static func simulateExpiration(_ identifier: String) -> Self { Self(.simulateExpiration, identifier) }
}
