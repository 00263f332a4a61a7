import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

/// `bgloc serve` end to end: gpsd's own client `gpspipe`, and `bgloc live`, fed from a trace.
@Suite struct ServeCommandTests {
    static let bgloc = TestSupport.executable("bgloc")
    static func trace(_ name: String) -> String { "\(TestSupport.packageRoot)/Traces/\(name)" }

    static func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(whereSeparator: \.isNewline).map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test(
        .enabled(if: TestSupport.toolsAvailable("gpspipe"), "install gpsd-clients (tools/install-deps)"),
        arguments: ["walk-through-region.nmea", "walk-through-region.gpx"])
    func gpspipeReceivesTheTracesFixes(_ name: String) async throws {
        let fixes = try TraceReader.fixes(path: Self.trace(name))
        let count = 12
        let expected = Array(fixes.prefix(count))
        let skies = expected.filter { $0.satellites != nil || $0.hdop != nil }.count
        let server = try ServeProcess(trace: Self.trace(name), options: ["--speed", "100"])
        defer { server.stop() }

        // VERSION, DEVICES and WATCH, then a TPV per fix and a SKY per fix that has satellites or HDOP.
        let lines = 3 + count + skies
        let result = try await TestSupport.run(
            try #require(TestSupport.which("gpspipe")), ["-w", "-n", "\(lines)", "127.0.0.1:\(server.port)"])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try Self.objects(result.stdout)
        #expect(objects.prefix(3).map { $0["class"] as? String } == ["VERSION", "DEVICES", "WATCH"])
        let tpvs = objects.filter { $0["class"] as? String == "TPV" }
        #expect(tpvs.count == count)
        for (tpv, fix) in zip(tpvs, expected) {
            // Foundation's JSON parser may lose the last bit of a shortest round-trip decimal.
            #expect(abs((tpv["lat"] as? Double ?? 0) - fix.latitude) < 1e-12)
            #expect(abs((tpv["lon"] as? Double ?? 0) - fix.longitude) < 1e-12)
            #expect(tpv["time"] as? String == fix.time?.rfc3339)
            #expect(tpv["mode"] as? Int == (fix.altitude == nil ? 2 : 3))
            #expect(tpv["altMSL"] as? Double == fix.altitude)
            #expect(tpv["speed"] as? Double == fix.speed)
            #expect(tpv["track"] as? Double == fix.course)
            #expect(tpv["eph"] as? Double == fix.horizontalAccuracy)
        }
    }

    @Test(.enabled(if: TestSupport.toolsAvailable("gpspipe"), "install gpsd-clients (tools/install-deps)"))
    func twoClientsBothGetTheStream() async throws {
        let server = try ServeProcess(trace: Self.trace("walk-through-region.gpx"), options: ["--speed", "50", "--loop"])
        defer { server.stop() }
        let gpspipe = try #require(TestSupport.which("gpspipe"))
        let address = "127.0.0.1:\(server.port)"
        async let first = TestSupport.run(gpspipe, ["-w", "-n", "8", address])
        async let second = TestSupport.run(gpspipe, ["-w", "-n", "8", address])
        for result in try await [first, second] {
            #expect(result.status == 0)
            let classes = try Self.objects(result.stdout).map { $0["class"] as? String ?? "" }
            #expect(classes.count == 8)
            #expect(classes.prefix(3) == ["VERSION", "DEVICES", "WATCH"])
            #expect(classes.dropFirst(3).allSatisfy { $0 == "TPV" || $0 == "SKY" })
            #expect(classes.filter { $0 == "TPV" }.count >= 2)
        }
    }

    @Test(.enabled(if: TestSupport.toolsAvailable("gpspipe"), "install gpsd-clients (tools/install-deps)"))
    func loopKeepsTimesIncreasing() async throws {
        let name = "walk-through-region.gpx"
        let fixes = try TraceReader.fixes(path: Self.trace(name))
        let server = try ServeProcess(trace: Self.trace(name), options: ["--speed", "10000", "--loop"])
        defer { server.stop() }
        let served = fixes + fixes.prefix(5)
        let lines = 3 + served.count + served.filter { $0.satellites != nil || $0.hdop != nil }.count
        let result = try await TestSupport.run(
            try #require(TestSupport.which("gpspipe")), ["-w", "-n", "\(lines)", "127.0.0.1:\(server.port)"])
        let tpvs = try Self.objects(result.stdout).filter { $0["class"] as? String == "TPV" }
        #expect(tpvs.count == fixes.count + 5, "the trace once, then five fixes of the second round")
        let times = tpvs.compactMap { ($0["time"] as? String).flatMap { SimTime(rfc3339: $0) } }
        #expect(times.count == tpvs.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        let restart = try #require(tpvs.count > fixes.count ? tpvs[fixes.count]["lat"] as? Double : nil)
        #expect(abs(restart - fixes[0].latitude) < 1e-12, "the second round starts at the first fix")
    }

    @Test func aPortInUseIsAClearError() async throws {
        let server = try ServeProcess(trace: Self.trace("walk-through-region.gpx"))
        defer { server.stop() }
        let result = try await TestSupport.run(Self.bgloc, ["serve", Self.trace("walk-through-region.gpx"), "--port", "\(server.port)"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot listen on 127.0.0.1:\(server.port): Address already in use"))
    }

    @Test func anUnreadableTraceFailsBeforeListening() async throws {
        let result = try await TestSupport.run(Self.bgloc, ["serve", "/nonexistent/walk.gpx", "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent/walk.gpx"))
    }

    @Test func bglocLiveFollowsIt() async throws {
        let name = "walk-through-region.nmea"
        let fixes = try TraceReader.fixes(path: Self.trace(name))
        let server = try ServeProcess(trace: Self.trace(name), options: ["--speed", "20", "--loop"])
        defer { server.stop() }
        let result = try await TestSupport.run(
            Self.bgloc, ["live", "--gpsd", "127.0.0.1:\(server.port)", "--fixes", "5", "--format", "jsonl", "--duration", "30"])
        #expect(result.status == 0, "\(result.stderr)")
        let locations = try Self.objects(result.stdout).filter { $0["event"] as? String == "location" }
        #expect(locations.count == 5)
        // Each delivered fix is one of the trace's, in the trace's order.
        let indices = locations.compactMap { location in
            fixes.firstIndex { fix in
                abs(fix.latitude - (location["lat"] as? Double ?? 0)) < 1e-12
                    && abs(fix.longitude - (location["lon"] as? Double ?? 0)) < 1e-12
            }
        }
        #expect(indices.count == 5)
        #expect(indices == indices.sorted())
    }
}
