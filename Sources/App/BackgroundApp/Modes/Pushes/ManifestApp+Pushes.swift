import BackgroundCore
package import BackgroundPushes
import Glibc
package import JSON

/// The manifest's push handlers as the app's code: `onPush:` (its action keys, then `work:`/`result:` or a
/// `run:` command whose exit status is the result) and `onVoIPPush:` (`work:`, then `reportCall:`).
extension ManifestApp {
    /// `onPush:`: its action (trigger `push`), then its work, then the completion handler with its result.
    package func application(
        _ app: EmulatedApp, didReceiveRemoteNotification userInfo: JSONValue, push: Int,
        fetchCompletionHandler completionHandler: @escaping (PushFetchResult) -> Void
    ) {
        let handler = onPush ?? (app.manifest[PushSection.self] ?? PushSection()).onPush
        onPush = handler
        if let action = handler.action { app.perform(action, trigger: ActionTrigger(.push)) }
        switch handler.work {
        case .simulated(let length, let result):
            pushWork[push] = app.engine.schedule(after: length) { [unowned self] in
                pushWork[push] = nil
                completionHandler(result)
            }
        case .command(let command):
            if let result = run(command, push: push, userInfo: userInfo, in: app) {
                app.engine.schedule(at: app.engine.now) { completionHandler(result) }
            }
        }
    }

    /// `onVoIPPush:`: works `work:`, reports the incoming call when `reportCall:` says so, and completes.
    package func pushRegistry(
        _ app: EmulatedApp, didReceiveIncomingVoIPPush payload: JSONValue, push: Int,
        reportIncomingCall: @escaping () -> Void, completion: @escaping () -> Void
    ) {
        let section = app.manifest[VoIPSection.self] ?? VoIPSection()
        voipWork[push] = app.engine.schedule(after: section.work) { [unowned self] in
            voipWork[push] = nil
            if section.reportsCall { reportIncomingCall() }
            completion()
        }
    }

    /// Runs `onPush:`'s command to its end on the wall clock (the emulated clock stands still, as for a
    /// task's command); nil when it ran past the window and was stopped.
    private func run(_ command: String, push: Int, userInfo: JSONValue, in app: EmulatedApp) -> PushFetchResult? {
        let window = app.configuration.pushes.completionWindow
        let commands = app.configuration.commands
        let folder = ManifestDocument.folder(of: app.manifest.file)
        let outcome = CommandRunner.run(
            command,
            environment: ["BG_TRIGGER": "push", "BG_PUSH": "\(push)", "BG_PAYLOAD": userInfo.jsonText, "BG_TIME": app.engine.now.rfc3339],
            directory: folder.isEmpty ? "." : folder, limit: window,
            killGrace: commands.killGrace, cpuLimit: commands.cpuLimit,
            output: CommandOutput(descriptor: log.descriptor, task: "push \(push)"))
        let problem: String
        switch outcome {
        case .exited(0): return .newData
        case .exited(1): return .failed
        case .exited(PushHandler.noDataStatus): return .noData
        case .exited(let status):
            problem = "the command exited with status \(status) (0: newData, 1: failed, \(PushHandler.noDataStatus): noData)"
        case .signaled(let signal): problem = "the command was ended by \(CommandRunner.name(of: signal))"
        case .failedToStart(let message): problem = message
        case .interrupted(let signal):
            problem = "interrupted; the command was stopped with \(CommandRunner.name(of: signal ?? SIGTERM))"
        case .cpuExceeded(let used):
            guard let limit = commands.cpuLimit else { return nil }
            app.timeline.record(.cpuExceeded(limit: limit, used: used, task: nil))
            // After the delivery has set its timers, which the termination clears.
            app.engine.schedule(at: app.engine.now) { [unowned app] in
                app.lifecycle.terminate(reason: "push \(push): the app used more CPU than the limit of \(limit) in the background and was killed")
            }
            return nil
        case .stopped:
            app.timeline.record(.error(
                message: "push \(push): the command ran past the \(DurationSyntax.format(window)) "
                    + "to call the completion handler and was stopped", code: "pushCommand"))
            return nil
        }
        app.timeline.record(.error(message: "push \(push): \(problem); reported as failed", code: "pushCommand"))
        return .failed
    }
}
