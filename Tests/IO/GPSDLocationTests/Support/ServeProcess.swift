import BackgroundTestKit
import Foundation
import Glibc

/// The built `bgloc serve` on a free loopback port, in a process group of its own.
///
/// `stop()` kills the group with SIGKILL; call it in a `defer` so that a failing test leaves nothing running.
final class ServeProcess {
    let port: Int
    private let group: ProcessGroup

    /// Starts `bgloc serve TRACE --port P` with `options` and waits until it accepts connections.
    init(trace: String, options: [String] = []) throws {
        port = try GPSFake.freePort()
        let bgloc = TestSupport.executable("bgloc")
        let arguments = [bgloc, "serve", trace, "--port", "\(port)"] + options
        group = try ProcessGroup(arguments)
        try waitUntil("bgloc serve listens on \(port)") { Self.accepts(port: port) }
    }

    /// Kills bgloc serve (its whole process group) and reaps it.
    func stop() {
        group.kill()
    }

    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = GPSFake.loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
