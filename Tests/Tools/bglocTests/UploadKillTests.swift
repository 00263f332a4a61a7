import BackgroundState
import BackgroundScheduler
import BackgroundTestKit
import Foundation
import Glibc
import Testing

/// SIGKILL at any moment of a real upload, then a restart with the same `--state`: the transfer is never
/// carried out again after it finished, its completion is reported at least once, and nginx ends with one
/// complete, byte-identical copy; a repeat the kill causes carries the transfer's `Idempotency-Key`.
@Suite(.enabled(if: NginxServer.program != nil || TestSupport.integrationRequired, "install nginx-light (tools/install-deps)"))
struct UploadKillTests {
    /// Kills `bgtask simulate --transfers real --state` this long after it starts (before the upload, in
    /// it — 64 MB to nginx on loopback take a few hundred milliseconds — or after it, depending on the
    /// machine): wherever it lands, the outcome must be the same.
    @Test(arguments: [60, 150, 300])
    func aKilledUploadCompletesOnceAfterARestart(afterMilliseconds delay: Int) async throws {
        let folder = try TemporaryFolder(prefix: "bgkit-upload-kill")
        let nginx = try await NginxServer.start()
        // 64 blocks of a megabyte, each block its number followed by a pattern: a misplaced block shows.
        var block = [UInt8](repeating: 0, count: 1_000_000)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in block.indices {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            block[index] = UInt8(truncatingIfNeeded: seed >> 56)
        }
        var content = [UInt8]()
        content.reserveCapacity(64 * block.count)
        for number in 0..<64 {
            block[0] = UInt8(number)
            content += block
        }
        try folder.write("visits.log", Data(content))
        let url = nginx.url("visits/museum.log")
        let conditions = "conditions: [{at: 0s, idle: true, power: charging}]"
        let busy = try folder.write("busy.yaml", taskUploadManifest(url: url, rest: conditions))
        let quiet = try folder.write("quiet.yaml", taskUploadManifest(url: url, rest: conditions).replacingOccurrences(of: "submitAtLaunch: [upload]", with: ""))
        let database = folder.path + "/state.db"
        let arguments = ["--for", "10m", "--format", "jsonl", "--transfers", "real", "--state", database]

        let child = try SignalledProcess(TestSupport.executable("bgtask"), ["simulate", busy] + arguments)
        try await Task.sleep(for: .milliseconds(delay))
        child.signal(SIGKILL)
        _ = try await child.waitForExit()
        let completedBefore = child.stdout.components(separatedBy: "\"event\":\"transfer.completed\"").count - 1
        // What the killed run left: a transfer (created, maybe part sent), or only the task request whose
        // launch creates it (killed before the launch), or nothing (killed before the submission was saved).
        let state = try AppStateDatabase(path: database)
        let pending = try state.loadTransfers()
        let requested = try state.loadTaskRequests().contains { $0.identifier == "upload" }
        #expect(pending.count <= 1)

        let next = try await TestSupport.run(TestSupport.executable("bgtask"), ["simulate", quiet] + arguments)
        #expect(next.status == 0, "\(next.stderr)")
        let createdAfter = next.stdout.components(separatedBy: "\"event\":\"transfer.created\"").count - 1
        let completedAfter = next.stdout.components(separatedBy: "\"event\":\"transfer.completed\"").count - 1
        if pending.isEmpty, completedBefore == 0, requested {
            // The restored request launches and its upload is created then, once.
            #expect(createdAfter == 1 && completedAfter == 1, "the restored task's upload completes once: \(next.stdout)")
        } else {
            #expect(createdAfter == 0, "the second run creates nothing of its own: \(next.stdout)")
            #expect(completedAfter == pending.count, "each pending transfer completes once: \(next.stdout)")
        }
        // The two-phase end: a completion is reported at least once, and at most once by each run (a kill
        // after the report but before the app had its events reports it again in the next run).
        let completed = completedBefore + completedAfter
        #expect(completedBefore <= 1 && completedAfter <= 1)
        #expect(try AppStateDatabase(path: database).loadTransfers().isEmpty)
        let copy = FileManager.default.contents(atPath: nginx.root + "/visits/museum.log")
        if completed >= 1 || copy != nil {
            // Whenever the upload was done, the server holds one complete, byte-identical copy, and its
            // completion was reported (docs/TRANSFERS.md, "Crashes").
            #expect(completed >= 1, "the completion reported at least once")
            #expect(copy.map { [UInt8]($0) } == content, "one complete, byte-identical copy")
        } else {
            // Killed before the submission was saved: nothing reached the server, and nothing is left.
            #expect(!requested && pending.isEmpty)
        }
    }

    /// The repeat a kill causes, seen by a server that records every request: the first run is killed once
    /// the server has the whole body and holds its answer back (as the issue's trial found, a 201 "to
    /// nobody"); the next run with the same `--state` sends the upload again, whole, and both requests carry
    /// the transfer's `Idempotency-Key`, the `key` of its `transfer.created`, so the server can drop the
    /// repeat (docs/TRANSFERS.md, "Crashes").
    @Test func aRepeatAfterAKillCarriesTheSameIdempotencyKey() async throws {
        let folder = try TemporaryFolder(prefix: "bgkit-upload-repeat")
        let content = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }
        try folder.write("visits.log", Data(content))
        let server = try FaultyHTTPServer([.init(status: 201, body: [0], ending: .stallAfter(0)), .init(status: 201)])
        defer { server.stop() }
        let url = server.url("visits/museum.log")
        let conditions = "conditions: [{at: 0s, idle: true, power: charging}]"
        let busy = try folder.write("busy.yaml", taskUploadManifest(url: url, rest: conditions))
        let quiet = try folder.write("quiet.yaml", taskUploadManifest(url: url, rest: conditions).replacingOccurrences(of: "submitAtLaunch: [upload]", with: ""))
        let arguments = ["--for", "10m", "--format", "jsonl", "--transfers", "real", "--state", folder.path + "/state.db"]

        let child = try SignalledProcess(TestSupport.executable("bgtask"), ["simulate", busy] + arguments)
        for _ in 0..<600 where server.bodies.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        #expect(server.bodies.count == 1, "the first attempt's body reached the server")
        child.signal(SIGKILL)
        _ = try await child.waitForExit()
        #expect(!child.stdout.contains("transfer.completed"), "killed while the server held its answer")
        let key = try #require(child.stdout.split(separator: "\n").first { $0.contains("transfer.created") }?
            .split(separator: "\"key\":\"").last?.prefix { $0 != "\"" })

        let next = try await TestSupport.run(TestSupport.executable("bgtask"), ["simulate", quiet] + arguments)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.components(separatedBy: #""event":"transfer.completed","transfer":1,"status":201"#).count == 2, "\(next.stdout)")
        #expect(server.bodies == [content, content], "the whole body twice: the first attempt's, then the repeat")
        let keys = server.requests.map { head in
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("idempotency-key:") }.map { String($0.dropFirst(17)) }
        }
        #expect(keys == ["\"\(key)\"", "\"\(key)\""], "every attempt carries the transfer's key")
        #expect(try AppStateDatabase(path: folder.path + "/state.db").loadTransfers().isEmpty)
    }
}
