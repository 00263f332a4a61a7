import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Foundation
import GPSDLocation
import Testing

@Suite(.enabled(if: TestSupport.toolsAvailable("gpsfake", "gpsd"), "install gpsd and gpsd-clients (tools/install-deps)"))
struct GPSDSourceTests {
    // Each test ends after a number of fixes (a few seconds); the durations only keep a broken run from hanging.

    @Test func deliversGpsdFixesAsTheyAreInTheLog() async throws {
        let log = try NMEALog()
        let gpsd = try GPSFake(log: log.path)
        defer { gpsd.stop() }

        let events = try await run(.init(host: "127.0.0.1", port: "\(gpsd.port)", duration: .seconds(30), fixes: 8))

        let fixes = events.compactMap { if case .fix(let fix) = $0 { fix } else { nil } }
        #expect(fixes.count == 8)
        let expected = Dictionary(uniqueKeysWithValues: log.points.map { (SimTime(rfc3339: $0.time)!, $0) })
        let timed = fixes.filter { $0.time != nil }
        #expect(timed.count >= 6, "gpsd gives every fix but maybe the first one a time")
        for fix in timed {
            let point = try #require(expected[fix.time!], "a fix at \(fix.time!) that is not in the log")
            #expect(abs(fix.latitude - point.latitude) < 1e-7)
            #expect(abs(fix.longitude - point.longitude) < 1e-7)
            #expect(fix.altitude == nil || fix.altitude == 410, "an RMC-only fix has no altitude")
            #expect(fix.course == 0)
        }
    }

    /// One fix per epoch from the very first: with each epoch's GGA before its RMC, gpsd's first report has
    /// no time (no date seen yet) and it reports the epoch again with the RMC's time; that second report is
    /// the epoch, delivered in place of the first. Every fix delivered is at a new place (the log heads
    /// north), and has its time.
    @Test func deliversOneFixPerEpochFromTheFirst() async throws {
        let log = try NMEALog(ggaFirst: true)
        let gpsd = try GPSFake(log: log.path)
        defer { gpsd.stop() }

        let events = try await run(.init(host: "127.0.0.1", port: "\(gpsd.port)", duration: .seconds(30), fixes: 6))

        let fixes = events.compactMap { if case .fix(let fix) = $0 { fix } else { nil } }
        #expect(fixes.count == 6)
        let latitudes = fixes.map(\.latitude)
        #expect(zip(latitudes, latitudes.dropFirst()).allSatisfy { $0 < $1 }, "an epoch delivered twice: \(latitudes)")
        #expect(fixes.allSatisfy { $0.time != nil }, "the first epoch comes with its RMC's time")
    }

    /// gpsd's own logs: every fix the source reports is a position gpsd's expected output (`.chk`) has.
    @Test(
        .enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"),
        arguments: Self.ownLogs
    )
    func deliversThePositionsOfGpsdsOwnLogs(_ log: OwnLog) async throws {
        let folder = try #require(TestSupport.sharedTestdata)
        let path = "\(folder)/nmea/\(log.name).log"
        let gpsd = try GPSFake(log: path, cycle: log.cycle)
        defer { gpsd.stop() }

        let events = try await run(.init(host: "127.0.0.1", port: "\(gpsd.port)", duration: .seconds(30), fixes: 6))

        let expected = try Self.positions(inCheckFile: path + ".chk")
        let fixes = events.compactMap { if case .fix(let fix) = $0 { fix } else { nil } }
        #expect(fixes.count == 6)
        for fix in fixes {
            #expect(expected.contains(Position(fix.latitude, fix.longitude)), "\(fix) is not in \(log.name).log.chk")
        }
    }

    /// One of gpsd's logs, and gpsfake's delay between its sentences.
    struct OwnLog: CustomTestStringConvertible, Sendable {
        var name: String
        var cycle: Double
        var testDescription: String { name }
    }

    /// gpsd repeats no fix when the log loops (its times go backwards), so the 6 fixes must come from the first
    /// pass, which gpsfake starts when the readiness probe connects: the client must be watching before the
    /// pass has fewer than 6 fixes left, even on a loaded machine. garmin17n has only 6 fixes (all must reach
    /// it) and mtk-3301 15 in 76 lines: 0.1 s a sentence, the 9 spare fixes some 4.5 s. bu353-glonass has 20
    /// in 121 lines (at 0.05 s, the 14 spare some 4 s), sirfstarv-nmea 63 in 377 and ublox-neo-m9n-nmea 67
    /// in 1,414 (at 0.02 s, some 7 s and 25 s spare).
    static let ownLogs = [
        OwnLog(name: "garmin17n", cycle: 0.1), OwnLog(name: "mtk-3301", cycle: 0.1),
        OwnLog(name: "sirfstarv-nmea", cycle: 0.02), OwnLog(name: "bu353-glonass", cycle: 0.05),
        OwnLog(name: "ublox-neo-m9n-nmea", cycle: 0.02),
    ]

    /// A position rounded to gpsd's nine decimals.
    struct Position: Hashable {
        var latitude: Int64
        var longitude: Int64
        init(_ latitude: Double, _ longitude: Double) {
            self.latitude = Int64((latitude * 1e9).rounded())
            self.longitude = Int64((longitude * 1e9).rounded())
        }
    }

    /// The positions of the TPV reports in a gpsd regression `.chk` file.
    static func positions(inCheckFile path: String) throws -> Set<Position> {
        var positions = Set<Position>()
        for line in try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline)
        where line.hasPrefix("{") && line.contains(#""class":"TPV""#) {
            let report = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let latitude = report["lat"] as? Double, let longitude = report["lon"] as? Double {
                positions.insert(Position(latitude, longitude))
            }
        }
        return positions
    }

    @Test func stopsAfterItsDuration() async throws {
        let log = try NMEALog()
        let gpsd = try GPSFake(log: log.path)
        defer { gpsd.stop() }
        let engine = EventEngine(start: .now())
        let start = engine.now

        try await GPSDSource(configuration: .init(host: "127.0.0.1", port: "\(gpsd.port)", duration: .milliseconds(700)))
            .run(on: engine) { _ in }

        #expect(engine.now >= start + .milliseconds(700), "the live clock ran to the end of the duration")
    }

    @Test func throwsAClearErrorWhenGpsdIsNotRunning() async throws {
        let port = try GPSFake.freePort()
        let engine = EventEngine(start: .now())
        let manager = LocationManager(engine: engine, timeline: Timeline(engine: engine))
        let error = await #expect(throws: GPSDConnectionError.self) {
            try await manager.run(.gpsd(host: "127.0.0.1", port: "\(port)"))
        }
        #expect(error?.underlying == .cannotConnect)
        #expect(error?.description.contains("Is gpsd running?") == true)
        #expect(error?.description.contains("127.0.0.1:\(port)") == true)
    }

    @Test func reportsTheLossOfGpsdAndReconnects() async throws {
        let log = try NMEALog()
        let gpsd = try GPSFake(log: log.path)
        defer { gpsd.stop() }
        let configuration = GPSDSource.Configuration(
            host: "127.0.0.1", port: "\(gpsd.port)", duration: .seconds(30),
            backoff: ReconnectBackoff(initial: .milliseconds(50), multiplier: 2, maximum: .milliseconds(200))
        )
        let source = GPSDSource(configuration: configuration)
        let engine = EventEngine(start: .now())
        var events: [LocationSourceEvent] = []
        do {
            try await source.run(on: engine) { event in
                events.append(event)
                // After the third fix gpsd goes away; it comes back on the same port a little later.
                if events.count == 3 {
                    gpsd.stop()
                    engine.schedule(after: .milliseconds(300)) { try? gpsd.restart() }
                }
                if let reconnected = events.lastIndex(where: Self.isReconnection), events.count - reconnected > 3 {
                    withUnsafeCurrentTask { $0?.cancel() }  // three fixes since: enough seen, end the run
                }
            }
        } catch is CancellationError {}

        let codes = events.compactMap { if case .problem(_, let code) = $0 { code } else { nil } }
        #expect(codes.first == "gpsd.lost")
        #expect(codes.last == "gpsd.reconnected")
        let lost = try #require(events.firstIndex { if case .problem = $0 { true } else { false } })
        let reconnected = try #require(events.lastIndex(where: Self.isReconnection))
        #expect(events[..<lost].allSatisfy { if case .fix = $0 { true } else { false } })
        #expect(events[(reconnected + 1)...].count >= 3, "the fixes continue after reconnection")
        #expect(events[(reconnected + 1)...].allSatisfy { if case .fix = $0 { true } else { false } })
        // The waits announced ("reconnecting in 0.05 s", "next attempt in 0.1 s", …) double up to the cap.
        let waits = events.compactMap { event -> Double? in
            guard case .problem(let message, _) = event, let range = message.range(of: " in ", options: .backwards) else { return nil }
            return Double(message[range.upperBound...].dropLast(2))
        }
        #expect(Array(waits.prefix(3)) == Array([0.05, 0.1, 0.2].prefix(waits.count)))
        #expect(waits.allSatisfy { $0 <= 0.2 })
    }

    private static func isReconnection(_ event: LocationSourceEvent) -> Bool {
        if case .problem(_, "gpsd.reconnected") = event { true } else { false }
    }

    private func run(_ configuration: GPSDSource.Configuration) async throws -> [LocationSourceEvent] {
        var events: [LocationSourceEvent] = []
        try await GPSDSource(configuration: configuration).run(on: EventEngine(start: .now())) { events.append($0) }
        return events
    }
}
