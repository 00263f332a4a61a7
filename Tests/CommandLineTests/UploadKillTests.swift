import BackgroundState
import BackgroundTasks
import BackgroundTestKit
import Foundation
import Glibc
import Testing

/// SIGKILL at any moment of a real upload, then a restart with the same `--state`: the transfer is carried
/// out once (never again after it finished), its completion is reported at most once, and nginx ends with
/// one complete, byte-identical copy.
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
        let completed = completedBefore + completedAfter
        #expect(completed <= 1)
        #expect(try AppStateDatabase(path: database).loadTransfers().isEmpty)
        let copy = FileManager.default.contents(atPath: nginx.root + "/visits/museum.log")
        if completed == 1 || copy != nil {
            // Whenever the upload was done, the server holds one complete, byte-identical copy. A kill that
            // lands after the session durably forgot the finished transfer but before the report was written
            // (the database's sync is that window) leaves no report at all: the session reports a completion
            // at most once, and never sends a finished upload again (docs/TRANSFERS.md, "Crashes").
            #expect(copy.map { [UInt8]($0) } == content, "one complete, byte-identical copy")
        } else {
            // Killed before the submission was saved: nothing reached the server, and nothing is left.
            #expect(!requested && pending.isEmpty)
        }
    }
}
