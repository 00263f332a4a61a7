import BackgroundTestKit
import Foundation
import Testing

/// `bgloc live --app` end to end: gpsd fed by gpsfake drives an emulated app on the wall clock.
@Suite(.enabled(if: TestSupport.toolsAvailable("gpsfake", "gpsd"), "install gpsd and gpsd-clients (tools/install-deps)"))
struct LiveAppCommandTests {
    static let bgloc = TestSupport.executable("bgloc")

    @Test func aSignificantChangeRunsTheAppsActionAtItsTime() async throws {
        let log = try NMEALog()
        let gpsd = try GPSFake(log: log.path)
        defer { gpsd.stop() }
        let manifest = log.folder.path + "/app.yaml"
        try """
            app: com.example.live
            backgroundModes: [fetch]
            permittedIdentifiers: [sync]
            tasks:
              sync: {kind: refresh, earliestBegin: 1h, work: 1s}
            significantChange: {submit: sync}
            """.write(toFile: manifest, atomically: true, encoding: .utf8)

        let result = try await TestSupport.run(Self.bgloc, [
            "live", "--gpsd", "127.0.0.1:\(gpsd.port)", "--app", manifest, "--fixes", "3", "--format", "jsonl", "--duration", "30",
        ])

        #expect(result.status == 0, "\(result.stderr)")
        let events = try result.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(events.first { $0["event"] as? String == "lifecycle" }?["state"] as? String == "foreground")
        let significant = try #require(events.firstIndex { $0["event"] as? String == "significant" })
        let submitted = try #require(events.firstIndex { $0["event"] as? String == "task.submitted" })
        #expect(submitted == significant + 1)
        #expect(events[submitted]["time"] as? String == events[significant]["time"] as? String)
        #expect(events[submitted]["task"] as? String == "sync")
    }

    /// The Linux-board guide's case: `bgloc live --app` uploads for real (the default of live), off the
    /// engine, and hears the end through the run's inbox; nginx ends with the file, byte for byte.
    @Test(.enabled(if: NginxServer.program != nil, "install nginx-light (tools/install-deps)"))
    func anUploadGoesToTheServerForReal() async throws {
        let log = try NMEALog()
        let gpsd = try GPSFake(log: log.path)
        defer { gpsd.stop() }
        let nginx = try await NginxServer.start()
        defer { nginx.stop() }
        let content = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        _ = try log.folder.write("visits.log", Data(content))
        let manifest = try log.folder.write("app.yaml", """
            app: com.example.live
            significantChange: {upload: {file: visits.log, to: "\(nginx.url("visits/live.log"))"}}
            """)

        // No --fixes: the run lasts its 8 s, long after the upload (milliseconds on loopback) has ended.
        let result = try await TestSupport.run(Self.bgloc, [
            "live", "--gpsd", "127.0.0.1:\(gpsd.port)", "--app", manifest, "--format", "jsonl", "--duration", "8",
            "--state", log.folder.path + "/state.db",
        ])

        #expect(result.status == 0, "\(result.stderr)")
        let events = try result.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let names = events.compactMap { $0["event"] as? String }.filter { $0.hasPrefix("transfer.") }
        #expect(names == ["transfer.created", "transfer.started", "transfer.completed"], "\(result.stdout)")
        let completed = try #require(events.first { $0["event"] as? String == "transfer.completed" })
        #expect(completed["status"] as? Int == 201 && completed["bytes"] as? Int == content.count, "\(completed)")
        #expect(FileManager.default.contents(atPath: nginx.root + "/visits/live.log").map { [UInt8]($0) } == content)
    }
}
