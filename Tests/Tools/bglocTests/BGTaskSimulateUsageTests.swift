import BackgroundTestKit
import Foundation
import Testing

/// `bgtask simulate` of a manifest with `usage:` (CONTRACTS.md §8), end to end: the user's opens, the
/// realistic policy's launches ahead of them, and the same seed giving the same bytes.
@Suite struct BGTaskSimulateUsageTests {
    static var bgtask: String { TestSupport.executable("bgtask") }
    static var example: String { TestSupport.packageRoot + "/Examples/Commute/app.yaml" }

    static func lines(_ output: String, containing text: String) -> [Substring] {
        output.split(separator: "\n").filter { $0.contains(text) }
    }

    @Test func theSameSeedGivesByteIdenticalOutput() async throws {
        let arguments = ["simulate", Self.example, "--for", "3d", "--policy", "realistic", "--seed", "3", "--format", "jsonl"]
        let first = try await TestSupport.run(Self.bgtask, arguments)
        let second = try await TestSupport.run(Self.bgtask, arguments)
        #expect(first.status == 0 && first.stderr.isEmpty)
        #expect(!Self.lines(first.stdout, containing: "\"reason\":\"the user opened the app\"").isEmpty)
        #expect(!Self.lines(first.stdout, containing: "task.launched").isEmpty)
        #expect(first.stdout == second.stdout)
        let other = try await TestSupport.run(Self.bgtask, Array(arguments.dropLast(3)) + ["4", "--format", "jsonl"])
        #expect(other.stdout != first.stdout, "the opens' jitter comes from the seed")
    }

    /// The question of issue 26: eager launches a 15-minute refresh about 96 times a day; the realistic
    /// policy a few times, each in the half hour before an open the system predicts.
    @Test func theRealisticPolicyLaunchesAheadOfTheOpensOnly() async throws {
        let base = ["simulate", Self.example, "--for", "2d", "--format", "text"]
        let eager = try await TestSupport.run(Self.bgtask, base)
        let realistic = try await TestSupport.run(Self.bgtask, base + ["--policy", "realistic"])
        #expect(eager.status == 0 && realistic.status == 0)
        let eagerLaunches = Self.lines(eager.stdout, containing: "task.launched").count
        let launches = Self.lines(realistic.stdout, containing: "task.launched")
        #expect(eagerLaunches >= 150)
        #expect(launches.count >= 4 && launches.count <= 12)
        #expect(!Self.lines(realistic.stdout, containing: "task.waiting    com.example.commute.refresh appUsage").isEmpty)
    }
}
