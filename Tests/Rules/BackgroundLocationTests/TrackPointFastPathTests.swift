import BackgroundCore
@testable import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

/// The GPX reader's track-point fast path reads every file exactly as the general scanner does: the same
/// items with the same bits in every Double, the same places, the same counts, the same error with the
/// same line and column; on the plain shapes it is taken, on anything unusual it hands the point over.
@Suite struct TrackPointFastPathTests {
    /// Everything a read of a whole file gives, with each fix's numbers as bit patterns.
    struct Reading: Equatable, CustomStringConvertible {
        var items: [String] = []
        var counts: [Int] = []
        var error: String?
        var fast = 0

        var description: String { (items + [error ?? "no error"]).joined(separator: "\n") }
    }

    static func read(_ path: String, bufferSize: Int = 64 * 1024, fast: Bool) -> Reading {
        var reading = Reading()
        do {
            let reader = try GPXReader(path: path, bufferSize: bufferSize, fastPoints: fast)
            do {
                while let item = try reader.next() { reading.items.append(Self.bits(item) + " at \(reader.place)") }
            } catch {
                reading.error = error.description
            }
            reading.counts = [reader.tracks, reader.segments, reader.routes, reader.trackPoints, reader.routePoints, reader.waypoints]
            reading.fast = reader.fastTrackPoints
        } catch {
            reading.error = error.description
        }
        return reading
    }

    /// The item with every number as its bit pattern (so -0.0 and 0.0, or two roundings, differ).
    static func bits(_ item: TraceItem) -> String {
        func bits(_ fix: LocationFix) -> String {
            let numbers = [fix.latitude, fix.longitude, fix.altitude, fix.speed, fix.course, fix.horizontalAccuracy, fix.hdop]
            return numbers.map { $0.map { String($0.bitPattern, radix: 16) } ?? "nil" }.joined(separator: " ")
                + " t=\(fix.time.map { "\($0.nanosecondsSinceEpoch)" } ?? "nil") sat=\(fix.satellites.map(String.init) ?? "nil")"
        }
        switch item {
        case .trackPoint(let fix, let track, let segment): return "trkpt \(track)/\(segment) " + bits(fix)
        case .routePoint(let fix, let route): return "rtept \(route) " + bits(fix)
        case .waypoint(let fix): return "wpt " + bits(fix)
        case .skipped(let problem): return "skipped \(problem)"
        }
    }

    /// Reads the file both ways; they must agree. Returns the fast path's reading.
    @discardableResult
    static func expectSame(_ path: String, bufferSize: Int = 64 * 1024, _ comment: String = "") -> Reading {
        let general = read(path, bufferSize: bufferSize, fast: false)
        var fast = read(path, bufferSize: bufferSize, fast: true)
        #expect(general.fast == 0)
        let fastCount = fast.fast
        fast.fast = 0
        #expect(fast == general, "\(comment) \(path), buffer \(bufferSize)")
        fast.fast = fastCount
        return fast
    }

    static func document(_ points: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
        <trk><trkseg>
        \(points)
        </trkseg></trk>
        </gpx>

        """
    }

    static let plain = """
        <trkpt lat="47.3000000" lon="8.5500000"><ele>400.0</ele><time>2026-03-01T09:00:00Z</time><sat>9</sat><hdop>0.9</hdop><extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>1.40</gpxtpx:speed><gpxtpx:course>0.0</gpxtpx:course></gpxtpx:TrackPointExtension></extensions></trkpt>
        """

    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        let point: String
        /// Whether the fast path reads it (true) or hands it to the general scanner (false).
        let fast: Bool
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "the bench's plain point", point: plain, fast: true),
        Shape(name: "single quotes", point: "<trkpt lat='47.1' lon='8.2'><ele>1</ele></trkpt>", fast: true),
        Shape(name: "lon before lat", point: #"<trkpt lon="8.2" lat="47.1"><ele>1</ele></trkpt>"#, fast: true),
        Shape(name: "other attributes around", point: #"<trkpt id="7" lat="47.1" x:y='z' lon="8.2" q=""><ele>1</ele></trkpt>"#, fast: true),
        Shape(name: "lat twice: the first counts", point: #"<trkpt lat="47.1" lat="12" lon="8.2"/>"#, fast: true),
        Shape(name: "self-closing point", point: #"<trkpt lat="-0.0" lon="+8.25"/>"#, fast: true),
        Shape(name: "self-closing point after a space", point: #"<trkpt lat="1" lon="2" />"#, fast: true),
        Shape(name: "tabs and line ends between attributes", point: "<trkpt\tlat=\"1.5\"\r\n  lon=\"2.5\"\n>\n\t<ele>3</ele>\r\n</trkpt>", fast: true),
        Shape(name: "white space inside values", point: "<trkpt lat=\" 1.5 \" lon=\"2\"><ele>\n 3.25\t</ele><time> 2026-03-01T09:00:00.125+01:00 </time></trkpt>", fast: true),
        Shape(name: "text between children", point: #"<trkpt lat="1" lon="2">loose <ele>3</ele> text</trkpt>"#, fast: true),
        Shape(name: "empty and blank values", point: #"<trkpt lat="1" lon="2"><ele></ele><time> </time><sat/><hdop/></trkpt>"#, fast: true),
        Shape(name: "GPX 1.0 speed, course, fix", point: #"<trkpt lat="1" lon="2"><speed>1.5</speed><course>90</course><fix>dgps</fix></trkpt>"#, fast: true),
        Shape(name: "prefixed children", point: #"<trkpt lat="1" lon="2"><gpx:ele>3</gpx:ele><a:b:time>2026-03-01T09:00:00Z</a:b:time></trkpt>"#, fast: true),
        Shape(name: "unknown children, nested", point: #"<trkpt lat="1" lon="2"><name>n</name><link><text>t</text><type>x</type></link><ele>4</ele></trkpt>"#, fast: true),
        Shape(name: "speed outside the extension is not Garmin's", point: #"<trkpt lat="1" lon="2"><extensions><speed>9</speed><x:TrackPointExtension><x:speed>2</x:speed><x:hr>99</x:hr></x:TrackPointExtension><horizontalAccuracy>4.5</horizontalAccuracy></extensions></trkpt>"#, fast: true),
        Shape(name: "a field twice: the last counts", point: #"<trkpt lat="1" lon="2"><ele>3</ele><ele>4</ele></trkpt>"#, fast: true),
        Shape(name: "numbers with exponents and many digits", point: #"<trkpt lat="4.7e1" lon="8.123456789012345678"><ele>1E-3</ele><hdop>.5</hdop><speed>5.</speed></trkpt>"#, fast: true),
        Shape(name: "spaces around =", point: #"<trkpt lat = "1" lon="2"><ele>3</ele></trkpt>"#, fast: false),
        Shape(name: "no space between attributes", point: #"<trkpt lat="1"lon="2"><ele>3</ele></trkpt>"#, fast: false),
        Shape(name: "space before the end tag's >", point: #"<trkpt lat="1" lon="2"><ele>3</ele ></trkpt >"#, fast: false),
        Shape(name: "attribute on a child", point: #"<trkpt lat="1" lon="2"><ele unit="m">3</ele></trkpt>"#, fast: false),
        Shape(name: "space after a child's name", point: #"<trkpt lat="1" lon="2"><ele >3</ele></trkpt>"#, fast: false),
        Shape(name: "entity in a value", point: #"<trkpt lat="1" lon="2"><ele>4&#48;0</ele></trkpt>"#, fast: false),
        Shape(name: "entity in a name", point: #"<trkpt lat="1" lon="2"><name>a &amp; b</name><ele>3</ele></trkpt>"#, fast: false),
        Shape(name: "CDATA time", point: #"<trkpt lat="1" lon="2"><time><![CDATA[2026-03-01T09:00:00Z]]></time></trkpt>"#, fast: false),
        Shape(name: "comment between children", point: #"<trkpt lat="1" lon="2"><ele>3</ele><!-- <ele>4</ele> --></trkpt>"#, fast: false),
        Shape(name: "comment inside a value", point: #"<trkpt lat="1" lon="2"><ele>4<!-- x -->00</ele></trkpt>"#, fast: false),
        Shape(name: "processing instruction", point: #"<trkpt lat="1" lon="2"><?x y?><ele>3</ele></trkpt>"#, fast: false),
        Shape(name: "child inside a value", point: #"<trkpt lat="1" lon="2"><ele>12<b/>3</ele></trkpt>"#, fast: false),
        Shape(name: "prefixed point", point: #"<gpx:trkpt lat="1" lon="2"><ele>3</ele></gpx:trkpt>"#, fast: false),
        Shape(name: "nested deeper than the fast path goes", point: #"<trkpt lat="1" lon="2"><a><b><c><d><e><f><g><h><i>x</i></h></g></f></e></d></c></b></a><ele>3</ele></trkpt>"#, fast: false),
        Shape(name: "a long child name", point: #"<trkpt lat="1" lon="2"><"# + String(repeating: "n", count: 70) + "/><ele>3</ele></trkpt>", fast: false),
        Shape(name: "a point nested in a point is ignored", point: #"<trkpt lat="1" lon="2"><trkpt lat="3" lon="4"><ele>5</ele></trkpt></trkpt>"#, fast: false),
    ]

    /// Points the general scanner refuses: the fast path leaves each to it, which reports the error.
    static let errorShapes: [Shape] = [
        Shape(name: "a value longer than the text buffer", point: #"<trkpt lat="1" lon="2"><ele>"# + String(repeating: " ", count: 1030) + "3</ele></trkpt>", fast: false),
        Shape(name: "latitude out of range", point: #"<trkpt lat="91" lon="2"/>"#, fast: false),
        Shape(name: "longitude NaN", point: #"<trkpt lat="1" lon="NaN"><ele>3</ele></trkpt>"#, fast: false),
        Shape(name: "coordinate with an entity", point: #"<trkpt lat="&#52;7" lon="2"/>"#, fast: false),
        Shape(name: "lon missing", point: #"<trkpt lat="1"><ele>3</ele></trkpt>"#, fast: false),
        Shape(name: "elevation infinite", point: "<trkpt lat=\"1\" lon=\"2\">\n  <ele>1e999</ele></trkpt>", fast: false),
        Shape(name: "time impossible", point: #"<trkpt lat="1" lon="2"><time>2026-02-30T00:00:00Z</time></trkpt>"#, fast: false),
        Shape(name: "sat fractional", point: #"<trkpt lat="1" lon="2"><sat>4.5</sat></trkpt>"#, fast: false),
        Shape(name: "fix unknown", point: #"<trkpt lat="1" lon="2"><fix>4d</fix></trkpt>"#, fast: false),
        Shape(name: "mismatched end tag", point: #"<trkpt lat="1" lon="2"><ele>3</elevation></trkpt>"#, fast: false),
        Shape(name: "unclosed child", point: #"<trkpt lat="1" lon="2"><extensions><ele>3</ele></trkpt>"#, fast: false),
        Shape(name: "unknown entity", point: #"<trkpt lat="1" lon="2"><name>&xxe;</name></trkpt>"#, fast: false),
        Shape(name: "stray less-than", point: #"<trkpt lat="1" lon="2"><ele>3</ele>< </trkpt>"#, fast: false),
        Shape(name: "malformed attribute", point: #"<trkpt lat="1" junk lon="2"/>"#, fast: false),
    ]

    /// Each shape, second of three points between two plain ones: read alike both ways, taken by the fast
    /// path or not as expected (the plain points around it always are, unless an error stops the read).
    @Test(arguments: shapes + errorShapes) func eachShapeReadsAlikeBothWays(_ shape: Shape) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("shape.gpx", Self.document([Self.plain, shape.point, Self.plain].joined(separator: "\n")))
        let fast = Self.expectSame(path)
        if fast.error == nil {
            #expect(fast.counts[3] == 3)
            #expect(fast.fast == (shape.fast ? 3 : 2), "\(fast)")
        } else {
            #expect(!shape.fast)
            #expect(fast.fast == 1, "\(fast)")
        }
    }

    /// What the fast path reads from the plain point and from a Garmin and bgkit extension, by value.
    @Test func fastPathReadsEveryValue() throws {
        let folder = try TemporaryFolder()
        let extensions = #"<trkpt lat="-1.5" lon="2"><extensions><ns3:TrackPointExtension><ns3:course>45.5</ns3:course>"#
            + #"<ns3:speed>2</ns3:speed></ns3:TrackPointExtension><horizontalAccuracy>4.5</horizontalAccuracy></extensions></trkpt>"#
        let path = try folder.write("values.gpx", Self.document(Self.plain + "\n" + extensions))
        let reader = try GPXReader(path: path)
        #expect(try reader.next() == .trackPoint(
            LocationFix(
                time: SimTime(rfc3339: "2026-03-01T09:00:00Z"), latitude: 47.3, longitude: 8.55, altitude: 400, speed: 1.4,
                course: 0, hdop: 0.9, satellites: 9), track: 0, segment: 0))
        #expect(reader.place == .line(5, column: 1))
        #expect(try reader.next() == .trackPoint(
            LocationFix(time: nil, latitude: -1.5, longitude: 2, speed: 2, course: 45.5, horizontalAccuracy: 4.5), track: 0, segment: 0))
        #expect(reader.place == .line(6, column: 1))
        #expect(try reader.next() == nil)
        #expect(reader.fastTrackPoints == 2)
    }

    /// All the shapes in one file, read with every buffer size from 256 to 700 bytes, so that each point
    /// in turn crosses the end of the buffer: the same as the general scanner with a 64 KiB buffer.
    @Test func chunkBoundariesReadAlike() throws {
        let folder = try TemporaryFolder()
        let points = Self.shapes.map(\.point)
        let path = try folder.write("shapes.gpx", Self.document(points.joined(separator: "\n  ")))
        let whole = Self.read(path, fast: false)
        #expect(whole.error == nil && whole.counts[3] == points.count, "\(whole)")
        var fastPoints = 0
        for size in 256...700 {
            let fast = Self.expectSame(path, bufferSize: size)
            #expect(fast.items == whole.items, "buffer \(size)")
            fastPoints += fast.fast
        }
        #expect(fastPoints > 0)
    }

    /// A file cut at every byte (through the middle of points and their values) reads alike both ways:
    /// the same points up to the cut, then the same error at the same place.
    @Test func fileCutAnywhereReadsAlike() throws {
        let folder = try TemporaryFolder()
        let points = [
            Self.plain, "<trkpt lon='8.2' lat='47.1'>\n  <ele> 1 </ele><name>n</name></trkpt>",
            #"<trkpt lat="1" lon="2"><extensions><x:TrackPointExtension><x:speed>2</x:speed></x:TrackPointExtension></extensions></trkpt>"#,
        ]
        let bytes = Array(Self.document(points.joined(separator: "\n")).utf8)
        for cut in 0...bytes.count {
            let path = try folder.write("cut.gpx", Data(bytes[..<cut]))
            Self.expectSame(path, "cut at \(cut)")
        }
    }

    static var corpusFiles: [String] {
        let folders = [TestSupport.packageRoot + "/Traces", TestSupport.packageRoot + "/Examples"]
            + (TestSupport.sharedTestdata.map { [$0 + "/gpx", $0 + "/more/gpx"] } ?? [])
        return folders.flatMap { folder in
            (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".gpx") }.sorted().map { folder + "/" + $0 }
        }
    }

    /// Every GPX file of the package (Traces, Examples) and of the shared corpora, malformed ones
    /// included, reads alike both ways, with the default buffer and with a small one.
    @Test func everyCorpusFileReadsAlike() throws {
        let files = Self.corpusFiles
        #expect(files.count >= 5)
        var fastPoints = 0
        for path in files {
            fastPoints += Self.expectSame(path).fast
            Self.expectSame(path, bufferSize: 4096)
        }
        #expect(fastPoints > 0)
    }
}

/// `NumberText.double` gives the correctly rounded Double (what the standard library's parser gives) for
/// the plain decimals its one-loop path reads and for the longer ones it does not.
@Suite struct NumberTextTests {
    @Test func plainDecimalsAreCorrectlyRounded() {
        var generator = SplitMix64(seed: 19)
        for _ in 0..<50_000 {
            let whole = Int(generator.next() % 9)
            let fraction = Int(generator.next() % 12)
            var text = ["", "-", "+"][Int(generator.next() % 3)]
            for k in 0..<max(whole, 1) { text += String(k == 0 && whole > 1 ? 1 + generator.next() % 9 : generator.next() % 10) }
            if fraction > 0 {
                text += "."
                for _ in 0..<fraction { text += String(generator.next() % 10) }
            }
            let ours = Array(text.utf8).withUnsafeBufferPointer { NumberText.double($0.baseAddress!, $0.count) }
            let expected = Double(text.hasPrefix("+") ? String(text.dropFirst()) : text)
            #expect(ours?.bitPattern == expected?.bitPattern, "\(text)")
        }
    }

    @Test func edgesOfThePlainShape() {
        func read(_ text: String) -> Double? {
            Array(text.utf8).withUnsafeBufferPointer { NumberText.double($0.baseAddress!, $0.count) }
        }
        #expect(read("-0")?.bitPattern == (-0.0).bitPattern)
        #expect(read("-0.000")?.bitPattern == (-0.0).bitPattern)
        #expect(read("5.") == 5)
        #expect(read(".5") == 0.5)
        #expect(read("123456789012345") == 123456789012345)
        #expect(read("0.1234567890123456789") == 0.1234567890123456789)
        #expect(read("47.30000000000000000001") == 47.3)
        for bad in ["", "-", "+", ".", "-.", "1.2.3", "1-2", "--1", "1e", "0x10", "nan", "1,5"] {
            #expect(read(bad) == nil, "\(bad)")
        }
    }
}
