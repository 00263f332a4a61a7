import BackgroundCore
import BackgroundLocation
import Foundation
import GPSDLocation
import Glibc
import Testing

/// The server in-process, talked to over a plain socket: greeting, WATCH, published fixes, POLL, errors.
@Suite struct GPSDServerTests {
    /// A blocking loopback client that reads CR LF-terminated lines, giving up after two seconds.
    final class Client {
        let fd: Int32
        private var buffer: [UInt8] = []

        init(port: Int) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard connected else { throw Failure("cannot connect to 127.0.0.1:\(port)") }
        }

        deinit { close(fd) }

        func send(_ text: String) {
            _ = text.withCString { write(fd, $0, strlen($0)) }
        }

        func line() throws -> String {
            while true {
                if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<end], as: UTF8.self)
                    buffer.removeSubrange(...end)
                    return line.hasSuffix("\r") ? String(line.dropLast()) : line
                }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(fd, &chunk, chunk.count)
                guard count > 0 else { throw Failure("no line from the server") }
                buffer += chunk[..<count]
            }
        }
    }

    static let fix = LocationFix(
        time: SimTime(rfc3339: "2026-03-01T09:00:00Z"), latitude: 47.37, longitude: 8.54, altitude: 410, satellites: 9)

    @Test func watchersGetPublishedFixesOthersCanPoll() async throws {
        let server = try GPSDServer(port: 0, device: "/dev/test")
        server.start()
        defer { server.stop() }
        let watcher = try Client(port: server.port)
        let other = try Client(port: server.port)
        #expect(try watcher.line().contains(#""class":"VERSION""#))
        #expect(try other.line().contains(#""class":"VERSION""#))

        watcher.send(#"?WATCH={"enable":true,"json":true}"#)
        #expect(try watcher.line().contains(#""class":"DEVICES""#))
        #expect(try watcher.line().contains(#""class":"WATCH","enable":true"#))
        try await server.waitForWatcher()

        server.publish(Self.fix)
        #expect(try watcher.line() == GPSDProtocol.tpv(Self.fix, device: "/dev/test"))
        #expect(try watcher.line() == GPSDProtocol.sky(Self.fix, device: "/dev/test"))

        other.send("?POLL;\n")
        #expect(try other.line() == GPSDProtocol.poll(latest: Self.fix, device: "/dev/test"))
        other.send("?VERSION;?NOPE;\n")
        #expect(try other.line().contains(#""class":"VERSION""#))
        #expect(try other.line() == #"{"class":"ERROR","message":"Unrecognized request 'NOPE'"}"#)
    }

    @Test func stoppingClosesClients() throws {
        let server = try GPSDServer(port: 0)
        server.start()
        let client = try Client(port: server.port)
        _ = try client.line()
        server.stop()
        #expect(throws: Failure.self) { try client.line() }
    }

    @Test func cancellingAWaitEndsIt() async throws {
        let server = try GPSDServer(port: 0)
        server.start()
        defer { server.stop() }
        let waiting = Task { try await server.waitForWatcher() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
