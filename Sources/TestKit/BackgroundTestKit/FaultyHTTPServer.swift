import BackgroundCore
import Glibc
import Synchronization

/// A small HTTP/1.1 server on a free loopback port for the faults nginx cannot make on demand: a
/// connection dropped at byte N of the body, a scripted list of statuses (503 twice, then 200), a stall
/// past the client's timeout, and (since it always sends its whole scripted body) a server that ignores
/// `Range`. It is not TLS, so an `https` URL to it makes the TLS handshake fail.
///
/// Each connection reads one request and gets the next scripted answer (the last one repeats), then is
/// closed. One thread of its own serves the connections one after the other; ``stop()`` (or the last
/// reference going) ends it.
///
/// ```swift
/// let server = try FaultyHTTPServer([.init(status: 503), .init(status: 503), .init(status: 200, body: bytes)])
/// defer { server.stop() }
/// ```
package final class FaultyHTTPServer: Sendable {
    /// One scripted answer.
    package struct Answer: Sendable {
        /// How the answer ends.
        package enum Ending: Sendable {
            /// The whole body, then the connection closes.
            case complete
            /// Only the first N bytes of the body, then the connection closes (the client sees a short body).
            case dropAfter(Int)
            /// The first N bytes of the body, then nothing until the client goes or the server stops.
            case stallAfter(Int)
        }

        package var status: Int
        /// Extra headers (`Content-Length` and `Connection: close` are always sent).
        package var headers: [String: String]
        package var body: [UInt8]
        package var ending: Ending

        package init(status: Int, headers: [String: String] = [:], body: [UInt8] = [], ending: Ending = .complete) {
            self.status = status
            self.headers = headers
            self.body = body
            self.ending = ending
        }
    }

    /// The port it listens on (127.0.0.1).
    package let port: Int
    private let core: Core

    /// Starts listening and serving `answers` (at least one).
    package init(_ answers: [Answer]) throws {
        precondition(!answers.isEmpty, "a FaultyHTTPServer needs an answer to give")
        port = try LoopbackPort.free()
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = LoopbackPort.address(port: port)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard bound, listen(listener, 16) == 0 else {
            close(listener)
            throw LoopbackPort.Failure(description: "cannot listen on port \(port): \(Errno(errno).description)")
        }
        core = Core(listener: listener, answers: answers)
        DedicatedThread.start { [core] in core.serve() }
    }

    deinit { stop() }

    /// The URL of `path` (no leading slash) on this server.
    package func url(_ path: String, scheme: String = "http") -> String { "\(scheme)://127.0.0.1:\(port)/\(path)" }

    /// The head (request line and headers) of each request received so far, in order.
    package var requests: [String] { core.state.withLock { $0.requests } }

    /// The body of each request received whole so far, in order.
    package var bodies: [[UInt8]] { core.state.withLock { $0.bodies } }

    /// Stops serving: the listening socket is shut down, a stalled answer ends.
    package func stop() { core.stop() }
}

/// The serving thread's side: the listening socket and the script. The thread holds this, not the server,
/// so that the server's last reference going stops it.
private final class Core: Sendable {
    struct State {
        var answers: [FaultyHTTPServer.Answer]
        var requests: [String] = []
        var bodies: [[UInt8]] = []
        var stopped = false
    }

    let listener: Int32
    let state: Mutex<State>

    init(listener: Int32, answers: [FaultyHTTPServer.Answer]) {
        self.listener = listener
        state = Mutex(State(answers: answers))
    }

    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private var stopped: Bool { state.withLock { $0.stopped } }

    func serve() {
        defer { close(listener) }
        while !stopped {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            answer(on: connection)
            close(connection)
        }
    }

    private func answer(on connection: Int32) {
        guard let (head, body) = readRequest(connection) else { return }
        let answer = state.withLock { state in
            state.requests.append(head)
            state.bodies.append(body)
            return state.answers.count > 1 ? state.answers.removeFirst() : state.answers[0]
        }
        var lines = ["HTTP/1.1 \(answer.status) Scripted", "Content-Length: \(answer.body.count)", "Connection: close"]
        lines += answer.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        guard send(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), on: connection) else { return }
        switch answer.ending {
        case .complete:
            _ = send(answer.body, on: connection)
        case .dropAfter(let count):
            _ = send(Array(answer.body.prefix(count)), on: connection)
        case .stallAfter(let count):
            _ = send(Array(answer.body.prefix(count)), on: connection)
            while !stopped, !clientWent(connection) { usleep(20_000) }
        }
    }

    /// Whether the client closed its end (a read would see the end of the stream).
    private func clientWent(_ connection: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(connection, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    /// Reads the request's head and its body (by `Content-Length`); nil when the client went first.
    private func readRequest(_ connection: Int32) -> (head: String, body: [UInt8])? {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let end = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            received += chunk[..<count]
            // A TLS handshake record: answer in plain HTTP at once, which the client's TLS rejects.
            if received.first == 0x16 { return ("(a TLS handshake)", []) }
            headEnd = received.indices.dropLast(3).first { Array(received[$0..<$0 + 4]) == end }
        }
        let head = String(decoding: received[..<headEnd!], as: UTF8.self)
        let length = head.split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingPrefix(" ")) } ?? 0
        var body = Array(received[(headEnd! + 4)...])
        while body.count < length {
            let count = recv(connection, &chunk, min(chunk.count, length - body.count), 0)
            guard count > 0 else { return nil }
            body += chunk[..<count]
        }
        return (head, body)
    }

    private func send(_ bytes: [UInt8], on connection: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
