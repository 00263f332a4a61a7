public import BackgroundCore
import Glibc
import Synchronization

/// The server side of the control socket of `bgloc live --app`: listens on a Unix stream socket and hands
/// each request to the live run's engine, so that it happens on the run's one clock, then replies.
///
/// Opening it (``init(path:bundle:requestTimeout:)``) checks the path first: a socket there that accepts a
/// connection belongs to another live run of the app, which is an error
/// (``ControlError/Code/alreadyRunning``); one that refuses is stale and is replaced. ``add(to:verbs:)``
/// makes it a source of a ``LiveRun``: a thread of its own accepts connections one at a time, reads each
/// request (the whole of it within `requestTimeout`, so a silent or slow client cannot hold the socket), answers a
/// malformed one, one with a verb the app does not know and one for another bundle at once, and posts the
/// others to the engine; the verb's ``ControlReply`` goes back once the engine has run it. The verbs are the
/// app's, each background mode bringing its own.
/// ``close()`` (after the run) removes the socket, when it is still this server's.
///
/// ```swift
/// let server = try ControlServer(bundle: app.manifest.app, state: "/var/lib/news/state.db")
/// defer { server.close() }
/// let run = LiveRun(engine: engine)
/// server.add(to: run, verbs: [
///     "simulate-launch": ControlServer.Verb(shape: .name) { request in
///         guard case .name(let id) = request.argument, scheduler.simulateLaunch(forTaskWithIdentifier: id) else { return .error("not launched") }
///         return .ok("launched \(id)")
///     },
/// ])
/// try await run.run()
/// ```
public final class ControlServer: Sendable {
    /// One verb the app answers: the shape of its argument and what the app does with a request, on the
    /// engine's owner, returning the reply.
    public struct Verb {
        public var shape: ControlRequest.Shape
        public var handle: (ControlRequest) -> ControlReply

        public init(shape: ControlRequest.Shape, handle: @escaping (ControlRequest) -> ControlReply) {
            self.shape = shape
            self.handle = handle
        }
    }

    /// The socket's path.
    public let path: String
    /// The bundle identifier of the app it serves.
    public let bundle: String
    /// How long each read of a request may wait.
    public let requestTimeout: Duration
    private let listener: Int32
    /// The socket file as bound, so that ``close()`` removes only this one.
    private let identity: (device: dev_t, inode: ino_t)
    private let closed = Atomic<Bool>(false)

    /// Listens at `path` for `bundle`'s requests, replacing a stale socket there.
    ///
    /// - Throws: ``ControlError``: ``ControlError/Code/alreadyRunning`` when another server answers at
    ///   `path`, ``ControlError/Code/system`` when the path is too long, is something other than a socket,
    ///   or cannot be bound.
    public init(path: String, bundle: String, requestTimeout: Duration = .seconds(5)) throws(ControlError) {
        guard let address = UnixSocket.address(path) else {
            throw ControlError(.system, "the control socket path \(path) is longer than 107 bytes; use a shorter --state path")
        }
        do {
            Glibc.close(try UnixSocket.connect(to: address))
            throw ControlError(
                .alreadyRunning,
                "another `bgloc live --app` for \(bundle) is running: its control socket \(path) answers; stop it first, or give this run another --state folder")
        } catch let failure as UnixSocket.Failure {
            switch failure.errno {
            case ENOENT: break
            case ECONNREFUSED:
                guard UnixSocket.socketIdentity(path) != nil else {
                    throw ControlError(.system, "\(path) is in the way of the control socket and is not a socket; move it away")
                }
                unlink(path)  // stale: its server ended without removing it
            default:
                throw ControlError(.system, "cannot check the control socket \(path): \(failure.reason)")
            }
        } catch let error as ControlError {
            throw error
        } catch {
            preconditionFailure("\(error)")
        }
        do {
            listener = try UnixSocket.listen(at: address)
        } catch {
            let why = error.errno == EADDRINUSE ? "another `bgloc live --app` for \(bundle) took it first" : error.reason
            throw ControlError(error.errno == EADDRINUSE ? .alreadyRunning : .system, "cannot listen on the control socket \(path): \(why)")
        }
        chmod(path, 0o600)
        guard let identity = UnixSocket.socketIdentity(path) else {
            Glibc.close(listener)
            throw ControlError(.system, "the control socket \(path) went away as it was made")
        }
        self.path = path
        self.bundle = bundle
        self.requestTimeout = requestTimeout
        self.identity = identity
    }

    /// Listens at the path `bgtask` finds for `bundle` run with the state database `state` (nil: in the
    /// user's runtime folder, made when missing): ``ControlSocketPath``.
    ///
    /// - Throws: ``ControlError`` as ``init(path:bundle:requestTimeout:)``, or when the runtime folder
    ///   cannot be made or is open to others.
    public convenience init(bundle: String, state: String?) throws(ControlError) {
        if state == nil { try ControlSocketPath.prepareRuntimeFolder(ControlSocketPath.folder(state: nil)) }
        try self.init(path: ControlSocketPath.path(bundle: bundle, state: state), bundle: bundle)
    }

    deinit { close() }

    /// Makes the server a source of `run` that goes on until the run ends: each request reaches its verb
    /// in `verbs` on the engine's owner at the live time it is taken, and is answered with its reply. Call
    /// before the run starts.
    public func add(to run: LiveRun, verbs: [String: Verb]) {
        run.add(ControlSource(server: self, verbs: verbs.mapValues(\.shape)), whenFinished: .keepRunning) { incoming in
            incoming.responder.reply(verbs[incoming.request.verb]!.handle(incoming.request))
        }
    }

    /// Stops listening and removes the socket file if it is still the one this server bound; call once the
    /// run has ended. Later calls do nothing.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Glibc.close(listener)
        if let found = UnixSocket.socketIdentity(path), found == identity { unlink(path) }
    }

    /// Accepts connections until `stop` is signalled, one at a time, posting each request into `input`.
    func serve(stop: StopSignal, verbs: [String: ControlRequest.Shape], posting input: EngineInput<ControlSource.Incoming>) {
        while let ready = stop.wait(readable: [listener]) {
            guard !ready.isEmpty, let connection = UnixSocket.accept(listener) else {
                if errno == EMFILE || errno == ENFILE { usleep(100_000) }  // out of descriptors: let some go first
                continue
            }
            receive(ControlResponder(connection), on: connection, verbs: verbs, posting: input)
        }
    }

    /// Reads one request from `connection` within ``requestTimeout`` and posts it, or answers it at once
    /// when it cannot be run.
    private func receive(
        _ responder: ControlResponder, on connection: Int32, verbs: [String: ControlRequest.Shape],
        posting input: EngineInput<ControlSource.Incoming>
    ) {
        let clock = ContinuousClock()
        let deadline = clock.now + requestTimeout
        var bytes: [UInt8] = []
        while true {
            switch ControlRequest.decode(bytes, verbs: verbs) {
            case .malformed(let reason):
                return responder.reply(.error("malformed request: \(reason)"))
            case .request(let request):
                return dispatch(request, responder, posting: input)
            case .incomplete:
                // The time left for the whole request, so that a client sending a byte at a time cannot hold the socket.
                let left = clock.now.duration(to: deadline)
                if left > .zero { UnixSocket.setTimeout(connection, left) }
                guard left > .zero, let chunk = try? UnixSocket.read(connection) else {
                    return responder.reply(.error("malformed request: no whole request within \(DurationSyntax.format(requestTimeout))"))
                }
                guard !chunk.isEmpty else { return responder.reply(.error("malformed request: it ended early")) }
                bytes += chunk
            }
        }
    }

    private func dispatch(_ request: ControlRequest, _ responder: ControlResponder, posting input: EngineInput<ControlSource.Incoming>) {
        guard request.bundle == ControlRequest.anyBundle || request.bundle == bundle else {
            return responder.reply(.error("this is the control socket of \(bundle), not of \(request.bundle)"))
        }
        input.post(ControlSource.Incoming(request: request, responder: responder))
    }
}
