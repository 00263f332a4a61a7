import Foundation
import Glibc

/// A fake gpsd on loopback that sends each connection a fixed script of raw lines, good or bad, and then
/// keeps it open; the n-th connection gets the n-th script (the last one is repeated).
///
/// Unlike ``GPSDServer`` it never checks or builds what it sends, so a test can feed a client garbage,
/// truncated JSON or a line longer than its buffer. ``stop()`` closes everything; call it in `defer`.
final class ScriptedGPSD: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let scripts: [[String]]
    private let lock = NSLock()
    private var connections: [Int32] = []

    init(scripts: [[String]]) throws {
        self.scripts = scripts
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 4) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listener >= 0, bound else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        port = Int(UInt16(bigEndian: address.sin_port))
        // The thread holds the server until stop() ends it; the server does not hold the thread (a cycle).
        let thread = Thread { [self] in serve() }
        thread.name = "scripted gpsd"
        thread.start()
    }

    /// How many clients have connected so far.
    var connectionCount: Int { lock.withLock { connections.count } }

    private func serve() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }  // stop() shut the listener down
            let index = lock.withLock {
                connections.append(client)
                return connections.count - 1
            }
            let text = scripts[min(index, scripts.count - 1)].map { $0 + "\n" }.joined()
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard written > 0 else { break }
                bytes = bytes.dropFirst(written)
            }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        lock.withLock {
            connections.forEach { close($0) }
            connections.removeAll()
        }
    }
}
