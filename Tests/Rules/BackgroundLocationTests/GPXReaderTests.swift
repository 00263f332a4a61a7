import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

@Suite struct GPXReaderTests {
    static func items(_ path: String, bufferSize: Int = 64 * 1024) throws -> [TraceItem] {
        let reader = try GPXReader(path: path, bufferSize: bufferSize)
        var items: [TraceItem] = []
        while let item = try reader.next() { items.append(item) }
        return items
    }

    static func trackFixes(_ path: String) throws -> [LocationFix] {
        try items(path).compactMap(\.trackFix)
    }

    static let everything = """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment with <trkpt lat="1" lon="2"> inside -->
        <gpx version="1.1" creator="t &amp; &#233;" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
          <metadata><time>2020-01-01T00:00:00Z</time><name><![CDATA[<not a tag>]]></name></metadata>
          <wpt lat="47.1" lon="8.1"><name>Caf&#xE9; &lt;Z&gt;</name><ele>400</ele></wpt>
          <rte><rtept lat="47.2" lon="8.2"/><rtept lat='47.3' lon='8.3'><time>2026-03-01 10:00:00+01:00</time></rtept></rte>
          <trk><name>t</name>
            <trkseg>
              <trkpt lat="47.376887" lon="8.541694"><ele>408.5</ele><time>2026-03-01T09:15:02.5Z</time>
                <speed>1.5</speed><course>90</course><fix>3d</fix><sat>7</sat><hdop>1.2</hdop></trkpt>
              <trkpt lon="8.5418" lat="47.3770"><time><![CDATA[2026-03-01T09:15:03Z]]></time>
                <extensions><ns3:TrackPointExtension><ns3:speed>2.5</ns3:speed><ns3:course>45.5</ns3:course>
                <ns3:hr>120</ns3:hr></ns3:TrackPointExtension><other:thing xmlns:other="x"><speed>99</speed></other:thing>
                </extensions></trkpt>
            </trkseg>
            <trkseg/>
            <trkseg><trkpt lat="-0.5" lon="-1e-3"><ele></ele><fix></fix></trkpt></trkseg>
          </trk>
          <trk/>
        </gpx>
        <!-- trailing comment -->

        """

    @Test func readsEveryKindOfPointAndValue() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("everything.gpx", Self.everything)
        let reader = try GPXReader(path: path)
        var items: [TraceItem] = []
        while let item = try reader.next() { items.append(item) }
        let t = { (text: String) in SimTime(rfc3339: text)! }
        #expect(items == [
            .waypoint(LocationFix(time: nil, latitude: 47.1, longitude: 8.1, altitude: 400)),
            .routePoint(LocationFix(time: nil, latitude: 47.2, longitude: 8.2), route: 0),
            .routePoint(LocationFix(time: t("2026-03-01T09:00:00Z"), latitude: 47.3, longitude: 8.3), route: 0),
            .trackPoint(
                LocationFix(
                    time: t("2026-03-01T09:15:02.5Z"), latitude: 47.376887, longitude: 8.541694, altitude: 408.5,
                    speed: 1.5, course: 90, hdop: 1.2, satellites: 7), track: 0, segment: 0),
            .trackPoint(
                LocationFix(time: t("2026-03-01T09:15:03Z"), latitude: 47.377, longitude: 8.5418, speed: 2.5, course: 45.5),
                track: 0, segment: 0),
            .trackPoint(LocationFix(time: nil, latitude: -0.5, longitude: -0.001), track: 0, segment: 2),
        ])
        #expect(reader.version == "1.1")
        #expect([reader.tracks, reader.segments, reader.routes] as [Int] == [2, 3, 1])
        #expect([reader.trackPoints, reader.routePoints, reader.waypoints] as [Int] == [3, 2, 1])
    }

    /// Every chunk boundary position: the same file read with buffers of 256…400 bytes gives the same items.
    @Test func tokensCrossingChunkBoundariesReadTheSame() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("everything.gpx", Self.everything)
        let expected = try Self.items(path)
        for size in 256...400 {
            #expect(try Self.items(path, bufferSize: size) == expected, "buffer size \(size)")
        }
    }

    /// LF, CRLF and lone CR line ends count lines alike, at every chunk boundary (a CRLF split between two
    /// reads is one line end), for errors and for the place of each point.
    @Test func linesCountTheSameWithEveryLineEnd() throws {
        let folder = try TemporaryFolder()
        let lines = ["<gpx>", "<trk><trkseg>", "<trkpt lat=\"1\" lon=\"2\"/>", "", "  <trkpt lat=\"1\" lon=\"3\"/>"]
            + Array(repeating: "<!-- padding so that the line ends fall on many chunk boundaries -->", count: 12)
            + ["<trkpt lat=\"91\" lon=\"2\"/>"]
        for end in ["\n", "\r\n", "\r"] {
            let path = try folder.write("ends.gpx", lines.joined(separator: end))
            for size in [256, 257, 300, 333, 64 * 1024] {
                let reader = try GPXReader(path: path, bufferSize: size)
                _ = try reader.next()
                #expect(reader.place == .line(3, column: 1))
                _ = try reader.next()
                #expect(reader.place == .line(5, column: 3))
                let error = try #require(throws: InputError.self) { _ = try reader.next() }
                #expect(error.place == .line(18, column: 1), "\(end.debugDescription), buffer \(size)")
            }
        }
    }

    @Test func gpx10WithoutNamespaceOrVersion() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("old.gpx", "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>")
        let reader = try GPXReader(path: path)
        #expect(try reader.next() == .trackPoint(LocationFix(time: nil, latitude: 1, longitude: 2), track: 0, segment: 0))
        #expect(try reader.next() == nil)
        #expect(reader.version == nil)
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        let name: String
        let body: String
        let line: Int?
        let message: String
        var testDescription: String { name }

        /// The body goes on line 4 of a GPX document, unless it is a whole file (starting with `!`).
        var contents: String {
            if body.hasPrefix("!") { return String(body.dropFirst()) }
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
                <trk><trkseg>
                \(body)
                </trkseg></trk>
                </gpx>

                """
        }
    }

    static let badCases: [BadCase] = [
        BadCase(name: "latitude above 90", body: #"<trkpt lat="91.2" lon="8"/>"#, line: 4,
                message: "latitude 91.2 is outside -90...90"),
        BadCase(name: "longitude below -180", body: #"<trkpt lat="47" lon="-180.5"/>"#, line: 4,
                message: "longitude -180.5 is outside -180...180"),
        BadCase(name: "latitude NaN", body: #"<trkpt lat="NaN" lon="8"/>"#, line: 4,
                message: "latitude 'NaN' is not a finite number"),
        BadCase(name: "elevation infinite", body: #"<trkpt lat="1" lon="8"><ele>-inf</ele></trkpt>"#, line: 4,
                message: "elevation '-inf' is not a finite number"),
        BadCase(name: "elevation overflowing", body: #"<trkpt lat="1" lon="8"><ele>1e999</ele></trkpt>"#, line: 4,
                message: "elevation '1e999' is not a finite number"),
        BadCase(name: "longitude with a comma", body: #"<trkpt lat="47" lon="8,5"/>"#, line: 4,
                message: "longitude '8,5' is not a number"),
        BadCase(name: "speed not a number", body: "<trkpt lat=\"1\" lon=\"2\">\n<speed>fast</speed></trkpt>", line: 5,
                message: "speed 'fast' is not a number"),
        BadCase(name: "time unparseable", body: #"<trkpt lat="1" lon="2"><time>yesterday</time></trkpt>"#, line: 4,
                message: "time 'yesterday' is not an RFC 3339 time"),
        BadCase(name: "time impossible date", body: #"<trkpt lat="1" lon="2"><time>2026-02-30T00:00:00Z</time></trkpt>"#,
                line: 4, message: "time '2026-02-30T00:00:00Z' is not an RFC 3339 time"),
        BadCase(name: "sat fractional", body: #"<trkpt lat="1" lon="2"><sat>4.5</sat></trkpt>"#, line: 4,
                message: "sat '4.5' is not a whole number"),
        BadCase(name: "fix unknown", body: #"<trkpt lat="1" lon="2"><fix>4d</fix></trkpt>"#, line: 4,
                message: "fix '4d' is not one of none, 2d, 3d, dgps, pps"),
        BadCase(name: "lat missing", body: #"<trkpt lon="2"/>"#, line: 4, message: "<trkpt> has no lat attribute"),
        BadCase(name: "mismatched end tag", body: #"<trkpt lat="1" lon="2"></trkseg>"#, line: 4,
                message: "</trkseg> does not match <trkpt> opened at line 4, column 1"),
        BadCase(name: "end tag closing nothing", body: "!<gpx></gpx>\n</gpx>", line: 2,
                message: "</gpx> closes no open element"),
        BadCase(name: "unclosed element at end of file",
                body: "!<gpx version=\"1.0\">\n<trk>\n<trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n", line: 5,
                message: "the file ends inside <trkpt> opened at line 4, column 1 (truncated?)"),
        BadCase(name: "truncated inside a tag", body: "!<gpx version=\"1.0\">\n<trk><trkseg>\n<trkpt lat=\"4", line: 3,
                message: "the file ends in the middle of a tag (truncated?)"),
        BadCase(name: "truncated inside a comment", body: "!<gpx>\n<!-- never ends", line: 2,
                message: "the file ends inside a comment (truncated?)"),
        BadCase(name: "not XML at all (NMEA)", body: "!$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\n",
                line: 1, message: "not a GPX file: it begins with text, not an XML element"),
        BadCase(name: "another XML format", body: "!<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"/>",
                line: 2, message: "not a GPX file: the root element is <kml>, not <gpx>"),
        BadCase(name: "XML declaration only", body: "!<?xml version=\"1.0\"?>\n", line: nil,
                message: "not a GPX file: it has no <gpx> element"),
        BadCase(name: "empty file", body: "!", line: nil, message: "the file is empty"),
        BadCase(name: "DOCTYPE refused", body: "!<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<gpx>&x;</gpx>",
                line: 2, message: "a <!DOCTYPE> declaration; bgkit reads GPX without DTD processing"),
        BadCase(name: "unknown entity", body: #"<trkpt lat="1" lon="2"><name>&xxe;</name></trkpt>"#, line: 4,
                message: "unknown or malformed entity '&xxe;'"),
        BadCase(name: "second root element", body: "!<gpx></gpx>\n<gpx></gpx>", line: 2,
                message: "a second root element <gpx> after the closing </gpx>"),
        BadCase(name: "text after the root", body: "!<gpx></gpx>\ntrailing", line: 2, message: "text after the closing </gpx>"),
        BadCase(name: "stray less-than", body: #"<trkpt lat="1" lon="2"><name>a < b</name></trkpt>"#, line: 4,
                message: "'<' that does not begin a tag"),
    ]

    @Test(arguments: badCases) func badInputIsAnInputErrorWithItsLine(_ c: BadCase) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bad.gpx", c.contents)
        let error = try #require(throws: InputError.self) { _ = try Self.items(path) }
        #expect(error.file == path)
        #expect(error.message.hasPrefix(c.message), "\(error.message)")
        switch error.place {
        case .line(let line, _): #expect(line == c.line, "\(error)")
        default: #expect(c.line == nil, "\(error)")
        }
    }

    /// Cut at every byte, or with bytes overwritten, the file either reads or fails with an InputError
    /// (any crash or hang would end the test run); a cut file is never read as complete.
    @Test func truncatedAndCorruptedFilesNeverCrash() throws {
        let folder = try TemporaryFolder()
        let bytes = Array(Self.everything.utf8)
        let rootEnd = bytes.firstRange(of: Array("</gpx>".utf8))!.upperBound
        for cut in 0..<bytes.count {
            let path = try folder.write("cut.gpx", Data(bytes[..<cut]))
            do {
                _ = try Self.items(path)
                #expect(cut >= rootEnd, "read as complete when cut at byte \(cut)")
            } catch let error as InputError {
                #expect(error.file == path)
            }
        }
        var generator = SplitMix64(seed: 42)
        let noise: [UInt8] = Array("<>&;\"'/=![]-?x0.9\n".utf8) + [0, 0xFF]
        for _ in 0..<500 {
            var mutated = bytes
            for _ in 0..<3 {
                mutated[Int(generator.next() % UInt64(mutated.count))] = noise[Int(generator.next() % UInt64(noise.count))]
            }
            let path = try folder.write("mutated.gpx", Data(mutated))
            do { _ = try Self.items(path) } catch let error as InputError { #expect(error.file == path) }
        }
    }

    @Test func missingFileAndDirectoryAreInputErrors() throws {
        let folder = try TemporaryFolder()
        let missing = try #require(throws: InputError.self) { try GPXReader(path: folder.path + "/absent.gpx") }
        #expect(missing.message.contains("cannot open the file"))
        let directory = try #require(throws: InputError.self) { try GPXReader(path: folder.path) }
        #expect(directory.message.contains("is a directory"))
    }

    /// A 10 MB+ file streams through the one fixed buffer: the reader's buffer never grows.
    @Test func largeFileReadsInConstantMemory() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/large.gpx"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data("<gpx version=\"1.1\"><trk><trkseg>\n".utf8))
        var chunk = ""
        for i in 0..<1000 {
            chunk += "<trkpt lat=\"47.\(100000 + i)\" lon=\"8.\(500000 + i)\"><ele>\(400 + i % 7)</ele>"
            chunk += "<time>2026-03-01T09:\(10 + i / 60 % 50):\(10 + i % 50)Z</time><desc>\(String(repeating: "x", count: 40))</desc></trkpt>\n"
        }
        let chunkData = Data(chunk.utf8)
        let repeats = 10_000_000 / chunkData.count + 1
        for _ in 0..<repeats { try handle.write(contentsOf: chunkData) }
        try handle.write(contentsOf: Data("</trkseg></trk></gpx>\n".utf8))
        try handle.close()

        let reader = try GPXReader(path: path, bufferSize: 64 * 1024)
        var count = 0
        var lastLatitude = 0.0
        while let item = try reader.next() {
            count += 1
            lastLatitude = try #require(item.trackFix).latitude
            #expect(reader.bufferCapacity == 64 * 1024)
        }
        #expect(reader.bytesRead > 10_000_000)
        #expect(count == repeats * 1000)
        #expect(lastLatitude == 47.100999)
        #expect(reader.bufferCapacity == 64 * 1024)
    }
}

