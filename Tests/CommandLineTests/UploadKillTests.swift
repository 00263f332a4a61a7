import BackgroundState
import BackgroundTestKit
import Foundation
import Glibc
import Testing

/// SIGKILL at any moment of a real upload, then a restart with the same `--state`: the transfer completes
/// exactly once, and nginx ends with one complete, byte-identical copy.
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
        let pending = try AppStateDatabase(path: database).loadTransfers()
        #expect(pending.count <= 1)

        let next = try await TestSupport.run(TestSupport.executable("bgtask"), ["simulate", quiet] + arguments)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(!next.stdout.contains("transfer.created"), "the second run creates nothing of its own")
        let completedAfter = next.stdout.components(separatedBy: "\"event\":\"transfer.completed\"").count - 1
        #expect(completedAfter == pending.count, "each pending transfer completes once: \(next.stdout)")
        #expect(completedBefore + completedAfter <= 1)
        #expect(try AppStateDatabase(path: database).loadTransfers().isEmpty)
        let copy = FileManager.default.contents(atPath: nginx.root + "/visits/museum.log")
        if !pending.isEmpty || completedBefore == 1 {
            #expect(copy.map { [UInt8]($0) } == content, "one complete, byte-identical copy")
        } else {
            // Killed before the task created the transfer: nothing reached the server.
            #expect(copy == nil || copy.map { [UInt8]($0) } == content)
        }
    }
}
