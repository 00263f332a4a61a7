import BackgroundTestKit
import Foundation
import Glibc

/// A real gpsd fed from an NMEA log by `gpsfake`, on a free loopback port, in a process group of its own.
///
/// `stop()` kills the whole group (gpsfake and its gpsd) with SIGKILL; call it in a `defer` so that a
/// failing test leaves nothing running.
final class GPSFake {
    let port: Int
    let log: String
    private var group: ProcessGroup?

    /// Starts gpsfake on `port` (a free one when nil) and waits until its gpsd has the fake device.
    init(log: String, port: Int? = nil, cycle: Double = 0.05) throws {
        self.port = try port ?? Self.freePort()
        self.log = log
        try start(cycle: cycle)
    }

    /// Starts it again on the same port, after `stop()`.
    func restart(cycle: Double = 0.05) throws {
        try start(cycle: cycle)
    }

    /// Starts gpsfake and waits until its gpsd has the fake device. Under load gpsfake can lose a race
    /// (it adds the device before gpsd listens on its control socket) and feed nobody; then it is started
    /// again.
    private func start(cycle: Double) throws {
        for _ in 1...3 {
            try spawn(cycle: cycle)
            if (try? waitUntil("gpsd has gpsfake's device", timeout: .seconds(6), { Self.hasDevice(port: port) })) != nil {
                return
            }
            stop()
        }
        throw Failure("gpsfake did not hand its device to gpsd on port \(port)")
    }

    private func spawn(cycle: Double) throws {
        guard let gpsfake = TestSupport.which("gpsfake") else { throw Failure("gpsfake is not installed") }
        // Without -1 the log repeats, so a client that connects late still gets fixes.
        let arguments = [gpsfake, "-q", "-P", "\(port)", "-c", "\(cycle)", log]
        group = try ProcessGroup(arguments)
    }

    /// Kills gpsfake and its gpsd (the whole process group), reaps gpsfake and removes the control socket
    /// that gpsd, killed, leaves behind: gpsfake names it `$TMPDIR/gpsfake-PID.sock` (`/tmp` without TMPDIR).
    func stop() {
        guard let group else { return }
        group.kill()
        unlink("\(ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp")/gpsfake-\(group.leader).sock")
        self.group = nil
    }

    deinit { stop() }

    /// A loopback port that nothing listens on.
    static func freePort() throws -> Int { try LoopbackPort.free() }

    /// True when a gpsd listens on the loopback port and lists a device (asked with `?DEVICES;`).
    static func hasDevice(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 0, tv_usec: 500_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard LoopbackPort.connect(fd, port: port) == 0, write(fd, "?DEVICES;\n", 10) == 10 else { return false }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 65536 {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return false }
            received += buffer[..<count]
            let text = String(decoding: received, as: UTF8.self)
            // gpsd ends each report with CR LF.
            if let devices = text.split(separator: "\r\n").first(where: { $0.contains(#""class":"DEVICES""#) }),
               text.contains("\(devices)\r\n") {
                return devices.contains(#""path""#)
            }
        }
        return false
    }

    /// 127.0.0.1:`port`.
    static func loopback(port: Int) -> sockaddr_in { LoopbackPort.address(port: port) }
}

/// A test failure with a message.
struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Polls `condition` every 20 ms until it holds; throws after `timeout`.
func waitUntil(_ what: String, timeout: Duration = .seconds(8), _ condition: () throws -> Bool) throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while try !condition() {
        guard clock.now < deadline else { throw Failure("timed out waiting until \(what)") }
        usleep(20_000)
    }
}
