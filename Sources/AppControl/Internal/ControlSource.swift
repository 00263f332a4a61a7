import BackgroundCore
import BackgroundPushes

/// A ``ControlServer`` as a live run's source: its accepting thread runs until the run cancels it.
struct ControlSource: LiveSource {
    /// A request as the engine runs it.
    enum Command: Sendable {
        case push(PushPayload)
        case simulateLaunch(String)
        case simulateExpiration(String)
    }

    /// A request and the connection its reply goes to.
    struct Incoming: Sendable {
        var command: Command
        var responder: ControlResponder
    }

    let server: ControlServer

    /// Serves on a thread of its own; a ``StopSignal`` stops it when the task is cancelled.
    func run(posting input: EngineInput<Incoming>) async throws {
        let stop: StopSignal
        do {
            stop = try StopSignal()
        } catch {
            throw ControlError(.system, "cannot start the control socket \(server.path): \(error)")
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DedicatedThread.start { [server] in
                    server.serve(stop: stop, posting: input)
                    done.resume()
                }
            }
        } onCancel: {
            stop.signal()
        }
    }
}
