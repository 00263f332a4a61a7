/// Why a control request could not be made or answered: one line naming the socket and what to do.
///
/// The client (`bgtask push`, `bgtask simulate-launch`, `bgtask simulate-expiration`) throws it for a
/// socket it cannot reach or a reply it cannot read; the server (`bgloc live --app`) for a socket it cannot
/// open. A request the app refused is not an error of this kind: it is a ``ControlReply`` that did not
/// succeed.
///
/// ```swift
/// do { _ = try ControlClient(path: path).send(request) }
/// catch { print(error) }   // "no control socket at /run/user/1000/bgkit/com.example.news.sock: …"
/// ```
public struct ControlError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for callers that act on it.
    public enum Code: String, Hashable, Sendable {
        /// Nothing at the socket's path: no `bgloc live --app` runs for that app.
        case noApp
        /// A socket file that nobody listens on any more (connect refused).
        case stale
        /// Another `bgloc live --app` listens on the path already.
        case alreadyRunning
        /// The server did not reply in time.
        case timedOut
        /// The reply is not one line of the protocol.
        case malformedReply
        /// The request cannot be written in the protocol (a name with a space, a payload too large).
        case badRequest
        /// A system call failed, or the path cannot hold a socket.
        case system
    }

    public var code: Code
    /// The whole line, naming the socket's path.
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
