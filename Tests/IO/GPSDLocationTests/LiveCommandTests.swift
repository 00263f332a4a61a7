import BackgroundTestKit
import Foundation
import Testing

/// `bgloc live` end to end: the built binary against a real gpsd fed by gpsfake.
@Suite(.enabled(if: TestSupport.toolsAvailable("gpsfake", "gpsd"), "install gpsd and gpsd-clients (tools/install-deps)"))
struct LiveCommandTests {
    static let bgloc = TestSupport.executable("bgloc")

    @Test func printsTheRequestedNumberOfLocationLines() async throws {
        let log = try NMEALog()
        let gpsd = try GPSFake(log: log.path)
        defer { gpsd.stop() }

        // --duration only keeps a broken run from hanging; --fixes ends it within a second or two.
        let result = try await TestSupport.run(
            Self.bgloc, ["live", "--gpsd", "127.0.0.1:\(gpsd.port)", "--fixes", "5", "--format", "jsonl", "--duration", "30"]
        )

        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let events = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(events.count == 5)
        #expect(events.allSatisfy { $0["event"] as? String == "location" })
        let latitudes = Set(log.points.map(\.latitude))
        #expect(events.allSatisfy { event in
            (event["lat"] as? Double).map { lat in latitudes.contains { abs($0 - lat) < 1e-7 } } ?? false
        })
    }

    @Test func monitorsRegionsGivenOnTheCommandLine() async throws {
        let log = try NMEALog()
        let gpsd = try GPSFake(log: log.path)
        defer { gpsd.stop() }
        let far = "far=-33.8688,151.2093,500"  // Sydney: the walk in Zürich is outside

        let result = try await TestSupport.run(
            Self.bgloc, ["live", "--gpsd", "127.0.0.1:\(gpsd.port)", "--fixes", "3", "--format", "jsonl", "--region", far, "--duration", "30"]
        )

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""event":"state","region":"far","state":"outside""#))
    }

    /// `gpsfake … & bgloc live` is no race: live waits for gpsd, saying so once, as gpsd clients do (issue 28).
    @Test func waitsForGpsdToComeUpAndSaysSo() async throws {
        let port = try GPSFake.freePort()
        let live = try SignalledProcess(Self.bgloc, ["live", "--gpsd", "127.0.0.1:\(port)", "--fixes", "3", "--format", "jsonl", "--duration", "300"])
        defer { live.killGroup() }
        _ = try await live.poll("the waiting line", timeout: .seconds(60)) { live.stdout.contains("waiting for gpsd") ? true : nil }
        #expect(live.stdout.contains(#""event":"error","message":"waiting for gpsd at 127.0.0.1:\#(port)"#), "\(live.stdout)")
        #expect(live.stdout.contains(#""code":"gpsd.waiting""#))
        let log = try NMEALog()
        let gpsd = try GPSFake(log: log.path, port: port)
        defer { gpsd.stop() }
        #expect(try await live.waitForExit(timeout: .seconds(120)) == .exited(0), "\(live.stderr)")
        let lines = live.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains(#""event":"location""#) }.count == 3, "\(live.stdout)")
        #expect(lines.filter { $0.contains("waiting for gpsd") }.count == 1, "one line, not one per attempt")
    }

    @Test func saysHowToStartGpsdWhenItDoesNotComeUp() async throws {
        let port = try GPSFake.freePort()

        let result = try await TestSupport.run(Self.bgloc, ["live", "--gpsd", "127.0.0.1:\(port)", "--fixes", "1", "--duration", "1s"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("waiting for gpsd at 127.0.0.1:\(port)"))
        #expect(result.stdout.contains("start it with `gpsd -N -n /dev/ttyUSB0`"))
    }

    @Test func writesIPv6AddressesInBrackets() async throws {
        let result = try await TestSupport.run(Self.bgloc, ["live", "--gpsd", "[::1]:\(try GPSFake.freePort())", "--fixes", "1", "--duration", "1s"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("waiting for gpsd at [::1]:"))
    }

    struct BadOption: CustomTestStringConvertible, Sendable {
        var testDescription: String { arguments.joined(separator: " ") }
        var arguments: [String]
    }

    @Test(arguments: [
        BadOption(arguments: ["--gpsd", "a:b:c"]),
        BadOption(arguments: ["--gpsd", "localhost:99999"]),
        BadOption(arguments: ["--fixes", "0"]),
        BadOption(arguments: ["--duration", "-1"]),
    ])
    func rejectsBadOptionsAsUsageErrors(_ option: BadOption) async throws {
        let result = try await TestSupport.run(Self.bgloc, ["live"] + option.arguments)
        #expect(result.status == 64, "\(result.stderr)")
    }
}
