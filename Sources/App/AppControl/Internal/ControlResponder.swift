import Glibc
import Synchronization

/// The connection a request came on, until its one reply: the server hands it with the request to the
/// engine, which replies once it has handled it.
///
/// When nobody replies (the live run ended with the request still in its inbox, which drops it), the
/// last release replies that the run ended, so no client waits for nothing.
final class ControlResponder: Sendable {
    private let descriptor: Mutex<Int32>

    /// Owns `descriptor`, an accepted connection.
    init(_ descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    deinit {
        reply(.error("bgloc live ended before the request was handled"))
    }

    /// Writes `reply` and closes the connection; later replies do nothing. A client that has gone is not
    /// an error: there is nobody left to tell.
    func reply(_ reply: ControlReply) {
        let taken = descriptor.withLock { descriptor in
            defer { descriptor = -1 }
            return descriptor
        }
        guard taken >= 0 else { return }
        try? UnixSocket.write(taken, reply.encoded)
        close(taken)
    }
}
