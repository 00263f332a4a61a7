import BackgroundCore
@testable import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

@Suite struct GPXWriterTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// `name` in this test's folder.
    func temporaryPath(_ name: String) -> String { folder.path + "/" + name }

    static let fixes: [LocationFix] = [
        LocationFix(
            time: SimTime(rfc3339: "2026-03-01T09:15:02Z"), latitude: 47.376887, longitude: 8.541694, altitude: 408.5,
            speed: 1.4, course: 87.25, horizontalAccuracy: 4.8, hdop: 0.9, satellites: 11),
        LocationFix(time: SimTime(rfc3339: "2026-03-01T09:15:03.25Z"), latitude: -0.1 + 0.2, longitude: 1e-7),
        LocationFix(time: nil, latitude: -89.99999999999999, longitude: -179.123456789012345, altitude: -12),
    ]

    @Test func fileIsCompleteAfterEveryAppend() throws {
        let path = temporaryPath("walk.gpx")
        let writer = try GPXWriter(path: path, creator: "test & <check>")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("</trkseg>\n  </trk>\n</gpx>\n"))
        for (n, fix) in Self.fixes.enumerated() {
            try writer.append(fix)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasSuffix("</trkpt>\n    </trkseg>\n  </trk>\n</gpx>\n"))
            #expect(text.components(separatedBy: "<trkpt ").count == n + 2)
            #expect(text.components(separatedBy: "</gpx>").count == 2)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("creator=\"test &amp; &lt;check&gt;\""))
        try writer.close()
        try writer.close()
        #expect(throws: TraceWriteError.self) { try writer.append(Self.fixes[0]) }
    }

    @Test func readingWhatWasWrittenGivesTheSameFixes() throws {
        let path = temporaryPath("round-trip.gpx")
        let writer = try GPXWriter(path: path, creator: "round trip")
        for fix in Self.fixes { try writer.append(fix) }
        // Read before close too: the file must be complete at every moment.
        #expect(try GPXReaderTests.trackFixes(path) == Self.fixes)
        try writer.close()
        let reader = try GPXReader(path: path)
        var read: [LocationFix] = []
        while let item = try reader.next() { read.append(try #require(item.trackFix)) }
        #expect(read == Self.fixes)
        #expect(reader.version == "1.1")
        #expect([reader.tracks, reader.segments] as [Int] == [1, 1])
    }

    /// An independent XML parser agrees that the file is well-formed after every append, before close.
    @Test(.enabled(if: TestSupport.toolsAvailable("xmllint"), "install libxml2-utils (tools/install-deps --bench)"))
    func xmllintAcceptsTheFileAfterEveryAppend() async throws {
        let path = temporaryPath("checked.gpx")
        let writer = try GPXWriter(path: path, creator: "xmllint check")
        for fix in Self.fixes {
            try writer.append(fix)
            let result = try await TestSupport.run(try #require(TestSupport.which("xmllint")), ["--noout", path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        try writer.close()
    }

    @Test func refusesCoordinatesOutsideTheGlobe() throws {
        let writer = try GPXWriter(path: temporaryPath("bad.gpx"))
        #expect(throws: TraceWriteError.self) { try writer.append(LocationFix(time: nil, latitude: .nan, longitude: 0)) }
        #expect(throws: TraceWriteError.self) { try writer.append(LocationFix(time: nil, latitude: 0, longitude: 181)) }
        #expect(throws: TraceWriteError.self) {
            try writer.append(LocationFix(time: nil, latitude: 0, longitude: 0, altitude: .infinity))
        }
        #expect(writer.count == 0)
    }

    @Test func reportsFilesItCannotCreate() {
        #expect(throws: TraceWriteError.self) { try GPXWriter(path: "/nonexistent-dir/x.gpx") }
    }

    struct DecimalCase: CustomTestStringConvertible, Sendable {
        let value: Double
        let text: String
        var testDescription: String { text }
    }

    @Test(arguments: [
        DecimalCase(value: 47.376887, text: "47.376887"), DecimalCase(value: 408, text: "408"),
        DecimalCase(value: 1e-7, text: "0.0000001"), DecimalCase(value: -1.25e-5, text: "-0.0000125"),
        DecimalCase(value: 1e20, text: "100000000000000000000"), DecimalCase(value: 0, text: "0"),
        DecimalCase(value: -0.5, text: "-0.5"), DecimalCase(value: 1.5e16, text: "15000000000000000"),
    ])
    func decimalTextHasNoExponentAndRoundTrips(_ c: DecimalCase) {
        let text = DecimalText.format(c.value)
        #expect(text == c.text)
        #expect(Double(text) == c.value)
    }
}
