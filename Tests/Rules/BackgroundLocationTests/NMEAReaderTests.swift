import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

@Suite struct NMEAReaderTests {
    static func read(_ path: String) throws -> (reader: NMEAReader, fixes: [LocationFix], skipped: [InputError]) {
        let reader = try NMEAReader(path: path)
        var fixes: [LocationFix] = []
        var skipped: [InputError] = []
        while let item = try reader.next() {
            switch item {
            case .trackPoint(let fix, _, _): fixes.append(fix)
            case .skipped(let problem): skipped.append(problem)
            default: Issue.record("unexpected \(item)")
            }
        }
        return (reader, fixes, skipped)
    }

    /// Appends `*HH` and CRLF to a sentence body such as `$GPRMC,…`.
    static func sentence(_ body: String) -> String {
        let sum = body.utf8.dropFirst().reduce(UInt8(0), ^)
        return body + "*" + String(format: "%02X", sum) + "\r\n"
    }

    @Test func oneFixPerEpochFromRMCGGAGSAAndGST() throws {
        let log = "\u{FEFF}# gpsd-style comment\n\n"
            + Self.sentence("$GNRMC,091502.50,A,4722.6132,N,00832.5016,E,2.0,87.5,010326,,,A")
            + Self.sentence("$GNGGA,091502.50,4722.6132,N,00832.5016,E,1,09,0.9,408.5,M,47.3,M,,")
            + Self.sentence("$GNGSA,A,3,01,02,03,04,05,06,07,08,09,,,,1.6,0.8,1.3")
            + Self.sentence("$GNGST,091502.50,2.0,2.0,2.0,0.0,3.0,4.0,5.0")
            + Self.sentence("$GPGSV,3,1,12,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45")
            + Self.sentence("$GAGGA,091503.50,4722.6140,S,00832.5020,W,1,05,1.5,409.0,M,47.3,M,,")
            + Self.sentence("$GPRMC,091504.50,V,,,,,,,010326,,,N")
            + Self.sentence("$GBGGA,091505.00,4722.6140,N,00832.5020,E,1,05,1.5,409.0,M,47.3,M,,")
        let folder = try TemporaryFolder()
        let (reader, fixes, skipped) = try Self.read(try folder.write("walk.nmea", log))
        #expect(skipped.isEmpty)
        #expect(fixes == [
            LocationFix(
                time: SimTime(rfc3339: "2026-03-01T09:15:02.5Z"), latitude: 47 + 22.6132 / 60, longitude: 8 + 32.5016 / 60,
                altitude: 408.5, speed: 2.0 * 0.514444, course: 87.5, horizontalAccuracy: 5, hdop: 0.9, satellites: 9),
            LocationFix(
                time: SimTime(rfc3339: "2026-03-01T09:15:03.5Z"), latitude: -(47 + 22.6140 / 60), longitude: -(8 + 32.5020 / 60),
                altitude: 409, horizontalAccuracy: 7.5, hdop: 1.5, satellites: 5),
            LocationFix(
                time: SimTime(rfc3339: "2026-03-01T09:15:05Z"), latitude: 47 + 22.6140 / 60, longitude: 8 + 32.5020 / 60,
                altitude: 409, horizontalAccuracy: 7.5, hdop: 1.5, satellites: 5),
        ])
        #expect(reader.epochsWithoutFix == 1)
        #expect(reader.ignoredSentences == 1)
        #expect(reader.sentences == 8)
    }

    /// GLL is a fix of its own (a Garmin 48 alternates RMC + GGA and GLL epochs); GLL `V`, or mode `N`,
    /// voids its epoch as RMC `V` does; a GLL without time or status (older receivers) is ignored.
    @Test func gllEpochsAreFixes() throws {
        let log = Self.sentence("$GPRMC,225308,A,4527.458,S,16709.165,E,000.0,094.5,060601,024.1,E")
            + Self.sentence("$GPGLL,4527.460,S,16709.170,E,225309,A")
            + Self.sentence("$GPGLL,4527.470,S,16709.180,E,225310,A,N")
            + Self.sentence("$GPGLL,4527.480,S,16709.190,E,225311,V")
            + Self.sentence("$GPGLL,4527.490,S,16709.200,E")
            + Self.sentence("$GPGLL,4527.500,S,16709.210,E,225312,A,D")
        let folder = try TemporaryFolder()
        let (reader, fixes, skipped) = try Self.read(try folder.write("gll.nmea", log))
        #expect(skipped.isEmpty)
        #expect(fixes.map(\.time) == ["2001-06-06T22:53:08Z", "2001-06-06T22:53:09Z", "2001-06-06T22:53:12Z"].map { SimTime(rfc3339: $0) })
        let minutes: [Double] = [27.458, 27.460, 27.500]
        #expect(fixes.map(\.latitude) == minutes.map { -(45 + $0 / 60) })
        #expect(reader.epochsWithoutFix == 2)
        #expect(reader.ignoredSentences == 1)
    }

    /// Sentences less than 10 ms apart are one epoch (gpsd's cycle detector does the same), and the fix
    /// takes the time of the sentence its position comes from (GGA, else RMC, else GLL).
    @Test func sentencesWithin10MillisecondsAreOneEpoch() throws {
        let log = Self.sentence("$GPGLL,5313.2228,N,00634.4228,E,200620.303,A")
            + Self.sentence("$GPGGA,200620.30,5313.2229,N,00634.4228,E,1,05,2.5,00000,M,,,,")
            + Self.sentence("$GPRMC,200620.30,A,5313.2228,N,00634.4228,E,00.0,000.0,200506,00,W")
            + Self.sentence("$GPGLL,5313.2227,N,00634.4228,E,200621.297,A")
            + Self.sentence("$GPRMC,200621.30,A,5313.2226,N,00634.4228,E,00.0,000.0,200506,00,W")
            + Self.sentence("$GPGLL,5313.2227,N,00634.4228,E,200622.290,A")
            + Self.sentence("$GPRMC,200622.30,A,5313.2226,N,00634.4228,E,00.0,000.0,200506,00,W")
        let folder = try TemporaryFolder()
        let (_, fixes, _) = try Self.read(try folder.write("explorist.nmea", log))
        #expect(fixes.map(\.time) == [
            "2006-05-20T20:06:20.3Z", "2006-05-20T20:06:21.3Z", "2006-05-20T20:06:22.29Z", "2006-05-20T20:06:22.3Z",
        ].map { SimTime(rfc3339: $0) })
        let minutes: [Double] = [13.2229, 13.2226, 13.2227, 13.2226]
        #expect(fixes.map(\.latitude) == minutes.map { 53 + $0 / 60 })
    }

    /// A fix needs three satellites: a GGA that claims one with fewer is no fix (Hemisphere sends quality 1
    /// with 00), but an empty count is unknown, not 0. Of several GSAs (one per system), the best mode counts.
    @Test func ggaWithFewerThanThreeSatellitesAndGSAModes() throws {
        let log = Self.sentence("$GPZDA,194049.00,07,09,2018,00,00")
            + Self.sentence("$GPGGA,194050.00,4221.8237733,N,07101.9411707,W,1,00,3.3,10.835,M,-33.320,M,,")
            + Self.sentence("$GPGGA,194051.00,4221.8238054,N,07101.9410555,W,1,02,3.3,10.862,M,-33.320,M,,")
            + Self.sentence("$GPGGA,194052.00,4221.8238929,N,07101.9412731,W,1,,3.3,11.392,M,-33.057,M,,")
            + Self.sentence("$GPGGA,194053.00,4221.8238450,N,07101.9411940,W,1,04,3.3,11.243,M,-33.057,M,,")
            + Self.sentence("$GPGSA,A,2,06,07,11,19,,,,,,,,,1.4,1.1,0.9,1")
            + Self.sentence("$GLGSA,A,1,,,,,,,,,,,,,,,,2")
            + Self.sentence("$GPGGA,194054.00,4221.8238450,N,07101.9411940,W,1,04,3.3,11.243,M,-33.057,M,,")
            + Self.sentence("$GPGSA,A,1,,,,,,,,,,,,,,,,1")
        let folder = try TemporaryFolder()
        let (reader, fixes, _) = try Self.read(try folder.write("hemi.nmea", log))
        #expect(fixes.map(\.time) == ["2018-09-07T19:40:52Z", "2018-09-07T19:40:53Z"].map { SimTime(rfc3339: $0) })
        #expect(reader.epochsWithoutFix == 4)
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        let name: String
        let line: String
        let message: String
        let counter: any KeyPath<NMEAReader, Int> & Sendable
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(name: "bad checksum", line: "$GPGGA,091502,4722.6132,N,00832.5016,E,1,09,0.9,408.5,M,47.3,M,,*00\r\n",
                message: "bad NMEA checksum: the sentence says *00 but sums to", counter: \.badChecksums),
        BadCase(name: "no checksum", line: "$GPGGA,091502,4722.6132,N,00832.5016,E,1,09,0.9,408.5,M,47.3,M,,\n",
                message: "an NMEA sentence without a checksum", counter: \.uncheckedSentences),
        BadCase(name: "garbage", line: "hello world\n", message: "not an NMEA sentence", counter: \.malformedSentences),
        BadCase(name: "minutes past 60", line: sentence("$GPGGA,091502,4761.0000,N,00832.5016,E,1,09,0.9,408.5,M,47.3,M,,"),
                message: "a malformed GPGGA sentence: the position", counter: \.malformedSentences),
        BadCase(name: "bad date", line: sentence("$GPRMC,000231.099,A,4829.0005,N,00022.0015,E,0.15,212.28,2208-1,,,A"),
                message: "a malformed GPRMC sentence: the date is not ddmmyy", counter: \.malformedSentences),
        BadCase(name: "bad time", line: sentence("$GPRMC,25xx31,A,4829.0005,N,00022.0015,E,0.15,212.28,220826,,,A"),
                message: "a malformed GPRMC sentence: the time is not hhmmss", counter: \.malformedSentences),
        BadCase(name: "too few fields", line: sentence("$GPGGA,091502,4722.6132,N"),
                message: "a malformed GPGGA sentence: 4 fields, expected at least 10", counter: \.malformedSentences),
    ]

    /// A bad sentence is skipped, counted and reported with its line; the good ones around it still count.
    @Test(arguments: badCases) func badSentencesAreSkippedCountedAndReported(_ c: BadCase) throws {
        let good1 = Self.sentence("$GPRMC,091501,A,4722.6132,N,00832.5016,E,0.0,0.0,010326,,,A")
        let good2 = Self.sentence("$GPRMC,091503,A,4722.6132,N,00832.5016,E,0.0,0.0,010326,,,A")
        let folder = try TemporaryFolder()
        let path = try folder.write("bad.nmea", "# header\n" + good1 + c.line + good2)
        let (reader, fixes, skipped) = try Self.read(path)
        #expect(fixes.count == 2)
        #expect(skipped.count == 1)
        #expect(skipped.first?.place == .line(3))
        #expect(skipped.first?.file == path)
        #expect(skipped.first?.message.hasPrefix(c.message) == true, "\(skipped)")
        #expect(reader[keyPath: c.counter] == 1)
        #expect(reader.skippedSentences == 1)
    }

    @Test func epochsBeforeAnyDateAreCountedNotGuessed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("undated.nmea",
            Self.sentence("$GPGGA,235959,4722.6132,N,00832.5016,E,1,09,0.9,408.5,M,47.3,M,,")
            + Self.sentence("$GPRMC,000000,A,4722.6132,N,00832.5016,E,0.0,0.0,020326,,,A")
            + Self.sentence("$GPGGA,000001,4722.6132,N,00832.5016,E,1,09,0.9,408.5,M,47.3,M,,"))
        let (reader, fixes, _) = try Self.read(path)
        #expect(fixes.map(\.time) == [SimTime(rfc3339: "2026-03-02T00:00:00Z"), SimTime(rfc3339: "2026-03-02T00:00:01Z")])
        #expect(reader.undatedEpochs == 1)
    }

    /// Every chunk boundary position: small buffers give the same items as the default one, and a line
    /// longer than the buffer is skipped as malformed, not fatal.
    @Test func linesCrossingChunkBoundariesReadTheSame() throws {
        let path = TestSupport.packageRoot + "/Traces/walk-through-region.nmea"
        func items(_ path: String, _ size: Int) throws -> [TraceItem] {
            let reader = try NMEAReader(path: path, bufferSize: size)
            var items: [TraceItem] = []
            while let item = try reader.next() { items.append(item) }
            #expect(reader.bufferCapacity == size)
            return items
        }
        let expected = try items(path, 64 * 1024)
        #expect(expected.count == 716)
        for size in 256...300 { #expect(try items(path, size) == expected, "buffer size \(size)") }

        let folder = try TemporaryFolder()
        let first = Self.sentence("$GPRMC,091501,A,4722.6132,N,00832.5016,E,0.0,0.0,010326,,,A")
        let second = Self.sentence("$GPRMC,091502,A,4722.6132,N,00832.5016,E,0.0,0.0,010326,,,A")
        let long = try folder.write("long.nmea", first + "$GPTXT," + String(repeating: "x", count: 1000) + "\n" + second)
        let reader = try NMEAReader(path: long, bufferSize: 256)
        var fixes = 0
        var problems: [InputError] = []
        while let item = try reader.next() {
            if item.trackFix != nil { fixes += 1 }
            if case .skipped(let problem) = item { problems.append(problem) }
        }
        #expect(fixes == 2)
        #expect(problems.map(\.place) == [.line(2)])
        #expect(problems.first?.message.contains("longer than 256 bytes") == true)
    }

    /// Corrupted logs never crash: every damaged line is skipped and reported, the rest still reads.
    @Test func corruptedLogsNeverCrash() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: TestSupport.packageRoot + "/Traces/walk-through-region.nmea"))
        let bytes = Array(original.prefix(20_000))
        let folder = try TemporaryFolder()
        var generator = SplitMix64(seed: 7)
        let noise: [UInt8] = Array("$*,.\r\n0123456789ANSEWV-".utf8) + [0, 0xFF]
        for _ in 0..<200 {
            var mutated = bytes
            for _ in 0..<5 {
                mutated[Int(generator.next() % UInt64(mutated.count))] = noise[Int(generator.next() % UInt64(noise.count))]
            }
            let (reader, fixes, skipped) = try Self.read(try folder.write("mutated.nmea", Data(mutated)))
            #expect(reader.skippedSentences == skipped.count)
            #expect(fixes.count >= 50)
        }
    }

    /// Inputs libFuzzer found (Tests/Regressions/NMEA, also seeds of FuzzNMEA): each reads without a trap.
    @Test func aGGAWithNumbersBeyondIntIsSkippedNotATrap() throws {
        let (reader, fixes, skipped) = try Self.read(TestSupport.packageRoot + "/Tests/Regressions/NMEA/gga-numbers-beyond-int.nmea")
        // The 91-digit fix quality makes its sentence malformed; 40 digits of satellites are just not a count.
        #expect(skipped.map(\.place) == [.line(4, column: nil)])
        #expect(skipped.first?.message.contains("the fix quality is not a whole number") == true, "\(skipped)")
        #expect(reader.skippedSentences == 1)
        #expect(fixes.count == 3)
        #expect(fixes.allSatisfy { $0.satellites == nil || $0.satellites == 5 })
    }

    @Test func theBundledNMEAWalkMatchesItsGPX() throws {
        let nmea = try TraceReader.fixes(path: TestSupport.packageRoot + "/Traces/walk-through-region.nmea")
        let gpx = try TraceReader.fixes(path: TestSupport.packageRoot + "/Traces/walk-through-region.gpx")
        #expect(nmea.count == gpx.count)
        for (a, b) in zip(nmea, gpx) {
            #expect(a.time == b.time)
            #expect(abs(a.latitude - b.latitude) < 1e-6 && abs(a.longitude - b.longitude) < 1e-6)
        }
    }
}
