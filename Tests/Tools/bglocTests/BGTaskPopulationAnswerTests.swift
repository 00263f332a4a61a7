import BackgroundTestKit
import Foundation
import Testing

/// The population's answer grows (issue 35, CONTRACTS.md §12): transfers created, completed and failed with
/// reasons, pushes not delivered with reasons, uploads lost to force quits, in `--summary`, the table and
/// the report — every §8 member kept as it was.
@Suite struct BGTaskPopulationAnswerTests {
    static var bgtask: String { TestSupport.executable("bgtask") }

    /// A commuter whose office visit uploads a log that may begin two hours later, pushed to every six hours,
    /// who force-quits the app at 09:00 on the first day.
    static func manifest(in folder: TemporaryFolder) throws -> String {
        _ = try folder.write("log.bin", Data(repeating: 7, count: 2_000))
        return try folder.write("app.yaml", """
            app: com.example.answer
            backgroundModes: [remote-notification]
            regions:
              - {id: office, lat: 47.3769, lon: 8.5417, radius: 150, onEnter: {upload: {file: log.bin, to: "https://example.org/log", earliestBegin: 2h}}}
            visits: [{at: "08:00", enter: office, for: 8h, jitter: 20m}]
            pushes: [{every: 6h, jitter: 30m, payload: {aps: {content-available: 1}}}]
            usage: [{at: "07:30", for: 5m, jitter: 20m}]
            lifecycle: [{at: 9h, app: forceQuit}]
            """)
    }

    @Test func theSummaryCountsTransfersAndUndeliveredPushesWithReasons() async throws {
        let folder = try TemporaryFolder()
        let summary = folder.path + "/summary.json"
        let result = try await TestSupport.run(Self.bgtask, [
            "simulate", try Self.manifest(in: folder), "--for", "3d", "--policy", "realistic", "--users", "20",
            "--summary", summary, "--report", folder.path + "/report.html",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summary))) as? [String: Any])
        let transfers = try #require(json["transfers"] as? [String: Any])
        let pushes = try #require(json["pushes"] as? [String: Any])
        // §8's members, as they were.
        for key in ["completed", "latencyP50", "latencyP90"] { #expect(transfers[key] is NSNumber, "\(key)") }
        for key in ["sent", "delivered", "delayP50", "delayP90"] { #expect(pushes[key] is NSNumber, "\(key)") }
        // §12's.
        let created = try #require(transfers["created"] as? Int)
        let failed = try #require(transfers["failed"] as? Int)
        let reasons = try #require(transfers["failedReasons"] as? [String: Int])
        let lost = try #require(transfers["uploadsLostToForceQuit"] as? Int)
        #expect(created == 60 && created == (transfers["completed"] as? Int ?? 0) + failed, "\(transfers)")
        #expect(reasons["userForceQuitApplication"] == 20 && lost == 20, "each user's first upload: \(transfers)")
        let notDelivered = try #require(pushes["notDelivered"] as? [String: Int])
        #expect((notDelivered["forceQuit"] ?? 0) > 0, "\(pushes)")
        #expect(result.stdout.contains("transfers: 60 created, 40 completed, 20 failed (userForceQuitApplication 20); 20 uploads lost to force quits"),
                "\(result.stdout)")
        #expect(result.stdout.contains("pushes not delivered: forceQuit "), "\(result.stdout)")
        let page = try String(contentsOfFile: folder.path + "/report.html", encoding: .utf8)
        #expect(page.contains("20 uploads lost to force quits"))
    }

    @Test func theShardsMergeToTheWholeWithTheNewMembers() async throws {
        let folder = try TemporaryFolder()
        let manifest = try Self.manifest(in: folder)
        let base = ["simulate", manifest, "--for", "2d", "--policy", "realistic", "--users", "6"]
        _ = try await TestSupport.run(Self.bgtask, base + ["--summary", folder.path + "/whole.json"])
        for shard in 1...2 { _ = try await TestSupport.run(Self.bgtask, base + ["--shard", "\(shard)/2", "--summary", folder.path + "/\(shard).json"]) }
        let merge = try await TestSupport.run(Self.bgtask, ["merge", folder.path + "/1.json", folder.path + "/2.json", "--summary", folder.path + "/merged.json"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try String(contentsOfFile: folder.path + "/merged.json", encoding: .utf8) == String(contentsOfFile: folder.path + "/whole.json", encoding: .utf8))
    }
}
