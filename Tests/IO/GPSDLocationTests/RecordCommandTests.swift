import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Foundation
import Testing

/// `bgloc record` end to end: the built binary against a real gpsd fed by gpsfake.
@Suite(.enabled(if: TestSupport.toolsAvailable("gpsfake", "gpsd"), "install gpsd and gpsd-clients (tools/install-deps)"))
struct RecordCommandTests {
    static let bgloc = TestSupport.executable("bgloc")

    @Test func writesTheRequestedNumberOfFixes() async throws {
        let log = try NMEALog()
        let gpsd = try GPSFake(log: log.path)
        defer { gpsd.stop() }
        let output = log.folder.path + "/out.gpx"

        let result = try await TestSupport.run(
            Self.bgloc, ["record", output, "--gpsd", "127.0.0.1:\(gpsd.port)", "--fixes", "4", "--duration", "30"]
        )

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("4 fixes written to \(output)"))
        try expectRecorded(output, from: log, count: 4...4)
    }

    @Test func ctrlCLeavesAValidClosedFile() async throws {
        let log = try NMEALog()
        let gpsd = try GPSFake(log: log.path)
        defer { gpsd.stop() }
        let output = log.folder.path + "/interrupted.gpx"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.bgloc)
        process.arguments = ["record", output, "--gpsd", "127.0.0.1:\(gpsd.port)", "--duration", "30"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // Interrupt mid-stream, once a few fixes are in the file.
        try waitUntil("bgloc record has written 3 fixes") {
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").components(separatedBy: "<trkpt").count > 3
        }
        process.interrupt()
        try waitUntil("bgloc record has exited") { !process.isRunning }

        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        try expectRecorded(output, from: log, count: 3...)
    }

    @Test func leavesNoFileWhenGpsdIsNotRunning() async throws {
        let log = try NMEALog()
        let output = log.folder.path + "/never.gpx"

        let result = try await TestSupport.run(Self.bgloc, ["record", output, "--gpsd", "127.0.0.1:\(try GPSFake.freePort())"])

        #expect(result.status == 1)
        #expect(result.stderr.contains("Is gpsd running?"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func saysWhenTheFileCannotBeCreated() async throws {
        let result = try await TestSupport.run(Self.bgloc, ["record", "/nonexistent-folder/out.gpx", "--gpsd", "127.0.0.1:1"])

        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent-folder/out.gpx"))
        #expect(result.stderr.contains("cannot create the file"))
    }

    /// Reads the file back with the GPX reader: every track point is a fix from the log.
    private func expectRecorded(_ path: String, from log: NMEALog, count: some RangeExpression<Int>) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("</gpx>\n"))
        let reader = try GPXReader(path: path)
        var fixes: [LocationFix] = []
        while let item = try reader.next() {
            if case .trackPoint(let fix, _, _) = item { fixes.append(fix) }
        }
        #expect(count.contains(fixes.count))
        let expected = Dictionary(uniqueKeysWithValues: log.points.map { (SimTime(rfc3339: $0.time)!, $0) })
        for fix in fixes {
            #expect(log.points.contains { abs($0.latitude - fix.latitude) < 1e-7 && abs($0.longitude - fix.longitude) < 1e-7 })
            if let time = fix.time {
                let point = try #require(expected[time], "a point at \(time) that is not in the log")
                #expect(abs(point.latitude - fix.latitude) < 1e-7)
            }
        }
        if let xmllint = TestSupport.which("xmllint") {
            let status = try runStatus(xmllint, ["--noout", path])
            #expect(status == 0, "xmllint rejects \(path)")
        }
    }

    private func runStatus(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
