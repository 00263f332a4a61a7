import BackgroundTestKit
import Foundation
import Glibc
import Testing

/// `bgloc live` and `bgloc serve` interrupted by SIGINT (exit 130) or SIGTERM (exit 143): whole lines,
/// the port released, nothing left in their process groups.
@Suite struct LiveAndServeSignalTests {
    static let bgloc = TestSupport.executable("bgloc")
    static let trace = "\(TestSupport.packageRoot)/Traces/walk-through-region.gpx"

    @Test(arguments: SignalCase.all)
    func liveEndsWithWholeLines(_ interruption: SignalCase) async throws {
        let serve = try ServeProcess(trace: Self.trace, options: ["--speed", "20", "--loop"])
        defer { serve.stop() }
        let live = try SignalledProcess(Self.bgloc, ["live", "--gpsd", "127.0.0.1:\(serve.port)", "--format", "jsonl", "--duration", "60"])
        defer { live.killGroup() }
        try await live.waitForLines(3)

        live.signal(interruption.signal)

        #expect(try await live.waitForExit() == .exited(interruption.status), "\(live.stderr)")
        let stdout = live.stdout
        #expect(stdout.hasSuffix("\n"))
        for line in stdout.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not a JSON object: \(line)")
        }
        #expect(!live.stderr.contains("Fatal error"), "\(live.stderr)")
        #expect(!live.groupIsAlive)
    }

    @Test(arguments: SignalCase.all)
    func serveEndsAndReleasesItsPort(_ interruption: SignalCase) async throws {
        let port = try GPSFake.freePort()
        let serve = try SignalledProcess(Self.bgloc, ["serve", Self.trace, "--port", "\(port)", "--loop"])
        defer { serve.killGroup() }
        _ = try await serve.poll("bgloc serve listens on \(port)") { Self.accepts(port: port) ? true : nil }

        serve.signal(interruption.signal)

        #expect(try await serve.waitForExit() == .exited(interruption.status), "\(serve.stderr)")
        #expect(!Self.accepts(port: port), "the port is released")
        #expect(!serve.stderr.contains("Fatal error"), "\(serve.stderr)")
        #expect(!serve.groupIsAlive)
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
