#if DEBUG
import BackgroundCore
import BackgroundLocation
import Testing
@testable import GPSDLocation

/// How one line from gpsd is read: what becomes a fix, what a fix carries from the SKY before it, and what
/// is skipped or reported, as libgps unpacked it.
@Suite struct GPSDReportTests {
    static func decode(_ line: String, sky: inout GPSDSky) -> GPSDReport {
        GPSDReport.decode(Array(line.utf8), sky: &sky)
    }

    static func fix(_ report: GPSDReport) -> LocationFix? {
        if case .fix(let fix) = report { fix } else { nil }
    }

    @Test func aTPVBecomesAFixWithWhatItKnows() throws {
        var sky = GPSDSky()
        let line = #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2026-11-26T12:00:01.500Z","#
            + #""lat":47.376887,"lon":8.541694,"altHAE":455.1,"altMSL":408.3,"epx":3.0,"epy":4.0,"track":271.5,"speed":1.25}"#
        let fix = try #require(Self.fix(Self.decode(line + "\r", sky: &sky)), "gpsd ends its lines with CR LF")
        #expect(fix.time == SimTime(rfc3339: "2026-11-26T12:00:01.5Z"))
        #expect(fix.latitude == 47.376887 && fix.longitude == 8.541694)
        #expect(fix.altitude == 408.3, "above mean sea level, not the ellipsoid")
        #expect(fix.course == 271.5 && fix.speed == 1.25)
        #expect(fix.horizontalAccuracy == 5, "hypot(epx, epy) without eph")
        #expect(fix.hdop == nil && fix.satellites == nil, "no SKY yet on this connection")
    }

    @Test func aFixCarriesTheLastSKY() throws {
        var sky = GPSDSky()
        let skyLine = #"{"class":"SKY","hdop":1.3,"nSat":3,"uSat":3,"satellites":["#
            + #"{"PRN":5,"used":true},{"PRN":7,"used":false},{"PRN":9,"used":true}]}"#
        guard case .other = Self.decode(skyLine, sky: &sky) else { Issue.record("a SKY is no fix"); return }
        let tpv = #"{"class":"TPV","mode":2,"lat":1.5,"lon":2.5,"eph":12.0}"#
        let fix = try #require(Self.fix(Self.decode(tpv, sky: &sky)))
        #expect(fix.hdop == 1.3)
        #expect(fix.satellites == 2, "the satellites marked used are counted, as libgps does (not uSat)")
        #expect(fix.horizontalAccuracy == 12 && fix.time == nil && fix.altitude == nil)

        _ = Self.decode(#"{"class":"SKY","satellites":[]}"#, sky: &sky)
        let next = try #require(Self.fix(Self.decode(tpv, sky: &sky)))
        #expect(next.hdop == nil && next.satellites == nil, "each SKY replaces the last")
    }

    @Test func reportsWithoutAFixAreSkipped() {
        var sky = GPSDSky()
        for line in [
            #"{"class":"TPV","mode":1,"lat":1,"lon":2}"#,  // no fix
            #"{"class":"TPV","lat":1,"lon":2}"#,  // no mode
            #"{"class":"TPV","mode":3,"lat":"NaN","lon":"NaN"}"#,  // not numbers: unknown
            #"{"class":"VERSION","release":"3.22"}"#,
            #"{"class":"DEVICES","devices":[]}"#,
            #"{"mode":3,"lat":1,"lon":2}"#,  // no class
        ] {
            guard case .other = Self.decode(line, sky: &sky) else { Issue.record("not skipped: \(line)"); continue }
        }
    }

    @Test func badLinesAreNamedAtTheirByte() {
        var sky = GPSDSky()
        guard case .malformed(let byte, let excerpt) = Self.decode(#"{"class":"TPV","mode":3,"lat":4"#, sky: &sky) else {
            Issue.record("a cut TPV is malformed"); return
        }
        #expect(byte == 31 && excerpt == #"{"class":"TPV","mode":3,"lat":4"#)
        guard case .malformed(let at, _) = Self.decode("  [1,2]", sky: &sky) else { Issue.record("an array is no report"); return }
        #expect(at == 2)
        guard case .implausible(let problem, _) = Self.decode(#"{"class":"TPV","mode":3,"lon":8.5}"#, sky: &sky) else {
            Issue.record("a longitude without a latitude is a position that cannot be, as libgps saw it"); return
        }
        #expect(problem == "latitude is not a number")
    }
}
#endif
