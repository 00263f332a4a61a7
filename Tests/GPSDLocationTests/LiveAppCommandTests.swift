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
}
