import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import GPSDLocation
import Testing

/// A gpsd that sends what no gpsd should: the source reports each bad line, skips it, keeps going and
/// loses none of the good fixes around it (see docs/GPSD.md, "Hostile input").
@Suite struct GPSDSourceFaultTests {
    static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#

    /// A good position report; `n` tells the fixes apart.
    static func tpv(_ n: Int) -> String {
        #"{"class":"TPV","device":"/dev/fake","mode":3,"time":"2026-01-01T00:00:0\#(n)Z","lat":47.\#(n),"lon":8.5,"altMSL":400.0}"#
    }

    @Test func reportsAndSkipsBadReportsAndLosesNoGoodFix() async throws {
        let gpsd = try ScriptedGPSD(scripts: [
            [
                Self.version, Self.tpv(1),
                "garbage \u{1}\u{2} not json",
                Self.tpv(2),
                #"{"class":"TPV","device":"/dev/fake","mode":3,"lat":47.9,"lon":8.9,"al"#,  // cut short
                Self.tpv(3),
                #"{"class":"TPV","device":"/dev/fake","mode":3,"lat":400.0,"lon":8.5}"#,
                #"{"class":"TPV","device":"/dev/fake","mode":3,"lat":"NaN","lon":"NaN"}"#,
                Self.tpv(4),
                #"{"class":"TPV","device":"/dev/fake","tag":""# + String(repeating: "x", count: 100_000) + #""}"#,
                Self.tpv(9),  // behind the huge line, which ends the connection as it ends libgps's: this one goes with it
            ],
            [Self.version, Self.tpv(5), Self.tpv(6)],
        ])
        defer { gpsd.stop() }
        let configuration = GPSDSource.Configuration(
            host: "127.0.0.1", port: "\(gpsd.port)", duration: .seconds(30), fixes: 6,
            backoff: ReconnectBackoff(initial: .milliseconds(50), multiplier: 2, maximum: .milliseconds(200))
        )

        var events: [LocationSourceEvent] = []
        try await GPSDSource(configuration: configuration).run(on: EventEngine(start: .now())) { events.append($0) }

        let latitudes = events.compactMap { if case .fix(let fix) = $0 { fix.latitude } else { nil } }
        #expect(latitudes == [47.1, 47.2, 47.3, 47.4, 47.5, 47.6])
        let problems = events.compactMap { if case .problem(let message, let code) = $0 { (code, message) } else { nil } }
        let codes = problems.map(\.0)
        #expect(codes.filter { $0 == "gpsd.malformed" }.count == 2, "\(problems)")
        #expect(codes.contains("gpsd.invalid"), "\(problems)")
        #expect(codes.suffix(2) == ["gpsd.lost", "gpsd.reconnected"], "\(problems)")
        let malformed = problems.filter { $0.0 == "gpsd.malformed" }.map(\.1)
        #expect(malformed.first?.contains("at byte 0") == true, "\(malformed)")
        #expect(malformed.first?.contains("garbage ?? not json") == true, "control bytes are not echoed: \(malformed)")
        #expect(problems.contains { $0.1.contains("latitude 400.0 is outside -90…90") }, "\(problems)")
        #expect(problems.contains { $0.0 == "gpsd.lost" && $0.1.contains("longer than 8 KiB") }, "\(problems)")
        // Each problem is reported where it happened, between the fixes around it.
        let order = events.map { event -> String in
            switch event {
            case .fix(let fix): "fix \(fix.latitude)"
            case .problem(_, let code): code ?? "problem"
            }
        }
        let firstMalformed = try #require(order.firstIndex(of: "gpsd.malformed"))
        #expect(order[firstMalformed - 1] == "fix 47.1" && order[firstMalformed + 1] == "fix 47.2", "\(order)")
    }

    @Test func aConnectionThatSendsOnlyGarbageEndsWithTheDurationNotAHang() async throws {
        let gpsd = try ScriptedGPSD(scripts: [["not json at all", "{", "}", #"{"class":"TPV","mode":3,"lat":1e999,"lon":8}"#]])
        defer { gpsd.stop() }
        let engine = EventEngine(start: .now())
        let start = engine.now

        var events: [LocationSourceEvent] = []
        try await GPSDSource(configuration: .init(host: "127.0.0.1", port: "\(gpsd.port)", duration: .seconds(2)))
            .run(on: engine) { events.append($0) }

        #expect(engine.now >= start + .seconds(2))
        #expect(!events.contains { if case .fix = $0 { true } else { false } })
        #expect(events.contains { if case .problem(_, "gpsd.malformed") = $0 { true } else { false } })
    }
}
