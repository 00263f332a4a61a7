import BackgroundTestKit
import Foundation
import Glibc

/// The built `bgloc serve` on a free loopback port, in a process group of its own.
///
/// `stop()` kills the group with SIGKILL; call it in a `defer` so that a failing test leaves nothing running.
final class ServeProcess {
    let port: Int
    private var group: pid_t = 0

    /// Starts `bgloc serve TRACE --port P` with `options` and waits until it accepts connections.
    init(trace: String, options: [String] = []) throws {
        port = try GPSFake.freePort()
        let bgloc = TestSupport.executable("bgloc")
        let arguments = [bgloc, "serve", trace, "--port", "\(port)"] + options
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, bgloc, &actions, &attributes, argv, environ)
        guard status == 0 else { throw Failure("cannot start bgloc serve: \(String(cString: strerror(status)))") }
        group = pid
        try waitUntil("bgloc serve listens on \(port)") { Self.accepts(port: port) }
    }

    /// Kills bgloc serve (its whole process group) and reaps it.
    func stop() {
        guard group != 0 else { return }
        kill(-group, SIGKILL)
        var status: CInt = 0
        waitpid(group, &status, 0)
        group = 0
    }

    deinit { stop() }

    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
