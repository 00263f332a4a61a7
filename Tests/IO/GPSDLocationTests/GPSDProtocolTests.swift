import BackgroundCore
import BackgroundLocation
import GPSDLocation
import Testing

/// gpsd's JSON protocol as `bgloc serve` speaks it: request parsing and the reports' fields.
@Suite struct GPSDProtocolTests {
    struct RequestCase: CustomTestStringConvertible, Sendable {
        var line: String
        var expected: [GPSDProtocol.Request]
        var testDescription: String { line }
    }

    @Test(arguments: [
        RequestCase(line: #"?WATCH={"enable":true,"json":true};"#, expected: [.watch(enable: true, json: true)]),
        RequestCase(line: #"?WATCH={"enable":true,"json":true}"#, expected: [.watch(enable: true, json: true)]),
        RequestCase(line: #"?WATCH={"enable": false};"#, expected: [.watch(enable: false, json: nil)]),
        RequestCase(line: #"?WATCH={"json":true}"#, expected: [.watch(enable: true, json: true)]),
        RequestCase(line: "?WATCH;", expected: [.watch(enable: nil, json: nil)]),
        RequestCase(line: "?POLL;", expected: [.poll]),
        RequestCase(line: "?VERSION;?DEVICES;", expected: [.version, .devices]),
        RequestCase(line: #"?WATCH={"device":"/dev/x;y","enable":true};?POLL;"#, expected: [.watch(enable: true, json: nil), .poll]),
        RequestCase(line: "?FOO;", expected: [.unknown("FOO")]),
        RequestCase(line: #"?WATCH={"enable":true"#, expected: [.unknown("WATCH")]),
        RequestCase(line: "hello", expected: []),
    ])
    func parsesRequests(_ input: RequestCase) {
        #expect(GPSDProtocol.requests(in: input.line) == input.expected)
    }

    @Test func tpvCarriesTheFixesFields() {
        let fix = LocationFix(
            time: SimTime(rfc3339: "2026-03-01T09:00:11.5Z"), latitude: 47.369878, longitude: 8.536160833,
            altitude: 408.6, speed: 1.399, course: 45, horizontalAccuracy: 5)
        let tpv = GPSDProtocol.tpv(fix, device: "/dev/bgloc")
        #expect(tpv.hasPrefix(#"{"class":"TPV","device":"/dev/bgloc","mode":3,"time":"2026-03-01T09:00:11.500Z","#))
        #expect(tpv.contains(#""lat":47.369878,"lon":8.536160833,"altMSL":408.6,"alt":408.6,"track":45,"speed":1.399,"eph":5,"#))
        #expect(tpv.contains(#""epx":3.5355339059327373,"epy":3.5355339059327373}"#))
    }

    @Test func aFixWithoutAltitudeIsTwoDimensionalAndHasNoSky() {
        let fix = LocationFix(time: nil, latitude: 1, longitude: 2)
        #expect(GPSDProtocol.tpv(fix, device: "d") == #"{"class":"TPV","device":"d","mode":2,"lat":1,"lon":2}"#)
        #expect(GPSDProtocol.sky(fix, device: "d") == nil)
        var withSatellites = fix
        withSatellites.satellites = 7
        withSatellites.hdop = 1.2
        #expect(GPSDProtocol.sky(withSatellites, device: "d") == #"{"class":"SKY","device":"d","hdop":1.2,"nSat":7,"uSat":7}"#)
    }

    @Test func pollWithoutAFixIsInactive() {
        #expect(GPSDProtocol.poll(latest: nil, device: "d") == #"{"class":"POLL","active":0,"tpv":[],"sky":[]}"#)
    }
}
