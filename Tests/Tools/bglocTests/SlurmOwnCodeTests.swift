import BackgroundTestKit
import Foundation
import Testing

/// An own-code population past one machine (issue 46): a one-node Slurm cluster on loopback runs a job array
/// whose task K runs this test executable's FeedAppPopulationTests with `BGKIT_SHARD=K/N`, each writing its
/// shard's summary, and `bgtask merge` of the array's summaries is, byte for byte, the summary the same
/// test writes without a shard.
@Suite(.enabled(if: slurmCanRun, "needs Slurm and MUNGE: slurm-wlm and munge (tools/install-deps)"))
struct SlurmOwnCodeTests {
    static let shards = 4
    /// The test of the app's code that writes its population's summary where `BGKIT_POPULATION_SUMMARY` says.
    static let test = ["--testing-library", "swift-testing", "--filter", "aPopulationToTheSummaryFileTheEnvironmentNames"]

    @Test func aJobArrayOverTheTestExecutableMergesIntoTheWholeRunsSummary() async throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let folder = try TemporaryFolder(prefix: "bgkit-slurm-code")
        let cluster = try await SlurmCluster.start(in: folder.path)
        defer { cluster.stop() }
        let task = ["BGKIT_SHARD=$SLURM_ARRAY_TASK_ID/\(Self.shards)", "BGKIT_POPULATION_SUMMARY=\(folder.path)/shard-$SLURM_ARRAY_TASK_ID.json", executable]
            + Self.test
        let submitted = try await TestSupport.run(
            TestSupport.which("sbatch")!,
            ["--wait", "--array=1-\(Self.shards)", "--output=\(folder.path)/out-%a.txt", "--wrap", task.joined(separator: " ")],
            environment: cluster.environment, timeLimit: .seconds(600))
        #expect(submitted.status == 0, "sbatch: \(submitted.stdout) \(submitted.stderr)\n\(cluster.logs)")
        let shards = (1...Self.shards).map { "\(folder.path)/shard-\($0).json" }
        for (index, shard) in shards.enumerated() {
            let output = (try? String(contentsOfFile: "\(folder.path)/out-\(index + 1).txt", encoding: .utf8)) ?? ""
            #expect(FileManager.default.fileExists(atPath: shard), "array task \(index + 1) wrote no summary\n\(output)\n\(cluster.logs)")
        }
        let bgtask = TestSupport.executable("bgtask")
        let merged = try await TestSupport.run(bgtask, ["merge"] + shards + ["--summary", folder.path + "/merged.json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.hasPrefix("12 users × 2d of com.example.feed, policy realistic, seed 5"), "\(merged.stdout)")
        let whole = try await TestSupport.run(
            executable, Self.test, environment: ["BGKIT_POPULATION_SUMMARY": folder.path + "/whole.json", "BGKIT_SHARD": ""], timeLimit: .seconds(600))
        #expect(whole.status == 0, "\(whole.stderr)")
        let wholeBytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/whole.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/merged.json")) == wholeBytes)
        let first = try String(contentsOfFile: shards[0], encoding: .utf8)
        #expect(first.contains(#""shards":{"of":4,"included":[1]}"#), "\(first)")
    }
}
