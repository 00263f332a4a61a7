import BackgroundCore
import Glibc

/// The client side of the control socket: sends one ``ControlRequest`` to a running `bgloc live --app`
/// and returns its ``ControlReply`` (`bgtask push`, `simulate-launch`, `simulate-expiration`).
///
/// Every way it can fail is a one-line ``ControlError`` naming the socket: nothing there (no app runs),
/// a stale socket (connect refused), no reply within ``timeout``, a reply that is not the protocol's. The
/// app's own refusal (another bundle, no such task) is a reply that did not succeed.
///
/// ```swift
/// let path = ControlSocketPath.path(bundle: "com.example.news", state: nil)
/// let request = try ControlRequest(verb: "simulate-launch", bundle: "com.example.news", argument: .name("com.example.news.refresh"))
/// let reply = try ControlClient(path: path).send(request)
/// print(reply.succeeded, reply.message)   // true "launched com.example.news.refresh"
/// ```
public struct ControlClient: Sendable {
    /// The socket's path.
    public var path: String
    /// How long each wait for the server (to take the request, to reply) may last.
    public var timeout: Duration

    public init(path: String, timeout: Duration = .seconds(10)) {
        self.path = path
        self.timeout = timeout
    }

    /// Sends `request` and waits for the reply.
    ///
    /// - Throws: ``ControlError``: ``ControlError/Code/noApp``, ``ControlError/Code/stale``,
    ///   ``ControlError/Code/timedOut``, ``ControlError/Code/malformedReply`` or ``ControlError/Code/system``.
    public func send(_ request: ControlRequest) throws(ControlError) -> ControlReply {
        guard let address = UnixSocket.address(path) else {
            throw ControlError(.system, "the control socket path \(path) is longer than 107 bytes; use a shorter --state path")
        }
        let descriptor: Int32
        do {
            descriptor = try UnixSocket.connect(to: address)
        } catch {
            switch error.errno {
            case ENOENT:
                throw ControlError(
                    .noApp, "no running app: no control socket at \(path); start `bgloc live --app MANIFEST` for the app (with the same --state) first")
            case ECONNREFUSED:
                throw ControlError(
                    .stale, "the control socket \(path) is stale: nothing listens on it (its `bgloc live --app` ended without removing it); start `bgloc live --app MANIFEST` again, which replaces it")
            default:
                throw ControlError(.system, "cannot connect to the control socket \(path): \(error.reason)")
            }
        }
        defer { close(descriptor) }
        UnixSocket.setTimeout(descriptor, timeout)
        do {
            try UnixSocket.write(descriptor, request.encoded)
        } catch {
            throw failure(error, "cannot send the request to")
        }
        var line: [UInt8] = []
        while !line.contains(UInt8(ascii: "\n")) && line.count < ControlReply.maximumLength {
            let chunk: [UInt8]
            do {
                chunk = try UnixSocket.read(descriptor)
            } catch {
                throw failure(error, "cannot read the reply from")
            }
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        guard let newline = line.firstIndex(of: UInt8(ascii: "\n")), let reply = ControlReply(line: Array(line[..<newline])) else {
            let shown = String(decoding: line.prefix(80), as: UTF8.self).map { $0.isNewline ? " " : $0 }
            let what = line.isEmpty ? "closed the connection without a reply" : "sent a malformed reply '\(String(shown))'"
            throw ControlError(.malformedReply, "the control socket \(path) \(what); is it a bgkit control socket of a running `bgloc live --app`?")
        }
        return reply
    }

    private func failure(_ error: UnixSocket.Failure, _ doing: String) -> ControlError {
        if error.errno == EAGAIN || error.errno == EWOULDBLOCK {
            return ControlError(
                .timedOut, "no reply from the control socket \(path) within \(DurationSyntax.format(timeout)): the app is hung or stopped (Ctrl-Z?)")
        }
        return ControlError(.system, "\(doing) the control socket \(path): \(error.reason)")
    }
}
