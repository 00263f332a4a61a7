import BackgroundCore
import BackgroundPushes
import Glibc

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

    /// Serves on a thread of its own; a byte on a pipe stops it when the task is cancelled.
    func run(posting input: EngineInput<Incoming>) async throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw ControlError(.system, "cannot start the control socket \(server.path): \(String(cString: strerror(errno)))")
        }
        let (stop, stopper) = (ends[0], ends[1])
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer {
            close(stop)
            close(stopper)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DedicatedThread.start { [server] in
                    server.serve(stop: stop, posting: input)
                    done.resume()
                }
            }
        } onCancel: {
            var byte: UInt8 = 1
            _ = write(stopper, &byte, 1)
        }
    }
}
