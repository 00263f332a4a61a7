import BackgroundCore

/// A ``ControlServer`` as a live run's source: its accepting thread runs until the run cancels it.
struct ControlSource: LiveSource {
    /// A request and the connection its reply goes to.
    struct Incoming: Sendable {
        var request: ControlRequest
        var responder: ControlResponder
    }

    let server: ControlServer
    /// The verbs the app answers, and their arguments' shapes.
    let verbs: [String: ControlRequest.Shape]

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
                DedicatedThread.start { [server, verbs] in
                    server.serve(stop: stop, verbs: verbs, posting: input)
                    done.resume()
                }
            }
        } onCancel: {
            stop.signal()
        }
    }
}
