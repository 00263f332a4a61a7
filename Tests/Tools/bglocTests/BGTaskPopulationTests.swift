import BackgroundTestKit
import Foundation
import Testing

/// `bgtask simulate --summary`, `--users`, `--shard` and `bgtask merge`, end to end (CONTRACTS.md §8).
@Suite struct BGTaskPopulationTests {
    static var bgtask: String { TestSupport.executable("bgtask") }
    static var example: String { TestSupport.packageRoot + "/Examples/DailyRefresh/app.yaml" }
    static var headlines: String { TestSupport.packageRoot + "/Examples/Headlines/app.yaml" }
    static let population = ["--for", "3d", "--policy", "realistic", "--seed", "5", "--users", "12"]

    @Test func aSummaryHasTheContractsMembers() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/one.json"
        let result = try await TestSupport.run(Self.bgtask, ["simulate", Self.example, "--for", "1d", "--format", "jsonl", "--summary", path])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("— tasks"))       // the event stream holds only events
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        for key in ["for", "policy", "seed", "users", "opens", "tasks", "contentAgeAtOpen", "pushes", "transfers"] {
            #expect(object[key] != nil, "no \(key)")
        }
        #expect(object["for"] as? String == "1d")
        #expect(object["users"] as? Int == 1)
        let refresh = try #require((object["tasks"] as? [String: Any])?["com.example.daily.refresh"] as? [String: Any])
        #expect(refresh["launches"] as? Int == 92)
        #expect(Set((object["contentAgeAtOpen"] as? [String: Any])?.keys.map { $0 } ?? []) == ["count", "p50", "p90", "max"])
        // §8's members, and §12's (issue 35) beside them.
        #expect(Set((object["pushes"] as? [String: Any])?.keys.map { $0 } ?? []) == ["sent", "delivered", "delayP50", "delayP90", "notDelivered"])
        #expect(Set((object["transfers"] as? [String: Any])?.keys.map { $0 } ?? [])
            == ["completed", "latencyP50", "latencyP90", "created", "failed", "failedReasons", "uploadsLostToForceQuit"])
        #expect(folder.files == ["one.json"])             // no temporary file left beside it
    }

    @Test func aTextRunEndsWithTheSummaryThenTheClosingLine() async throws {
        let result = try await TestSupport.run(Self.bgtask, ["simulate", TestSupport.packageRoot + "/Examples/News/app.yaml", "--for", "6h", "--format", "text"])
        let lines = result.stdout.split(separator: "\n").suffix(5).map(String.init)
        #expect(lines[0].hasPrefix("— tasks over 6h: com.example.news.export.saved 1 launch (4.00 a day)"))
        #expect(lines[1] == "— opens: 3; content age at open p50 19m52s, p90 1h14m40s, max 1h14m57s (2 with a known age)")
        #expect(lines[2] == "— pushes: 8 sent, 5 delivered; delay p50 0s, p90 12m")
        #expect(lines[3] == "— pushes not delivered: badPriority 1, coalesced 1, forceQuit 1")
        #expect(lines[4].hasPrefix("— ended: --for 6h reached"))
    }

    @Test func mergingTheShardsGivesTheWholeRunsSummaryByteForByte() async throws {
        let folder = try TemporaryFolder()
        let whole = try await TestSupport.run(Self.bgtask, ["simulate", Self.headlines] + Self.population + ["--summary", folder.path + "/whole.json"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stderr.isEmpty)                      // no progress line: standard error is not a terminal
        #expect(whole.stdout.hasPrefix("12 users × 3d of com.example.headlines, policy realistic, seed 5\n"))
        #expect(whole.stdout.contains("launches per day  com.example.headlines.refresh"))
        #expect(!whole.stdout.contains("\n0 opens") && !whole.stdout.contains(" 0 users"))
        var shards: [String] = []
        for index in 1...3 {
            let path = folder.path + "/shard-\(index).json"
            let run = try await TestSupport.run(Self.bgtask, ["simulate", Self.headlines] + Self.population + ["--shard", "\(index)/3", "--summary", path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.hasPrefix("4 users (shards \(index) of 3)"))
            shards.append(path)
        }
        let merge = try await TestSupport.run(Self.bgtask, ["merge"] + shards.reversed() + ["--summary", folder.path + "/merged.json"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout == whole.stdout)
        let wholeBytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/whole.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/merged.json")) == wholeBytes)
        // A second run with the same seed writes the same summary.
        _ = try await TestSupport.run(Self.bgtask, ["simulate", Self.headlines] + Self.population + ["--summary", folder.path + "/again.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/again.json")) == wholeBytes)
    }

    @Test func theReportDrawsTheTableAndAHistogramOfEachMeasure() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/population.html"
        let result = try await TestSupport.run(
            Self.bgtask, ["simulate", TestSupport.packageRoot + "/Examples/Headlines/app.yaml", "--for", "3d", "--policy", "realistic", "--users", "8", "--report", path])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains(#"<body data-charts="4">"#))           // one task's launches, ages, push delays, transfer latencies
        #expect(html.contains("<h2>launches per day: com.example.headlines.refresh</h2><p>8 users; p50 "))
        #expect(html.contains("<h2>push delay</h2><p>16 pushes;"))
        #expect(html.components(separatedBy: #"<rect class="bar""#).count > 3)
        #expect(html.contains("<h2>transfer latency</h2><p>0 transfers; p50 0s, p90 0s, max 0s</p>\n<p>No values.</p>"))
        #expect(html.contains(result.stdout.split(separator: "\n")[1].trimmingCharacters(in: .whitespaces)))
    }

    @Test(arguments: [
        (["--users", "0"], "--users 0: expected a number of users, 1 or more"),
        (["--users", "4", "--shard", "0/2"], "--shard '0/2': K must be from 1 to 2"),
        (["--users", "4", "--shard", "3/2"], "--shard '3/2': K must be from 1 to 2"),
        (["--users", "4", "--shard", "two"], "--shard 'two' is not K/N"),
        (["--shard", "1/2"], "--shard 1/2 needs --users"),
    ])
    func badPopulationOptionsSayWhatIsWrong(options: [String], message: String) async throws {
        let result = try await TestSupport.run(Self.bgtask, ["simulate", Self.example, "--for", "1d", "--policy", "realistic"] + options)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func usersNeedTheRealisticPolicy() async throws {
        let result = try await TestSupport.run(Self.bgtask, ["simulate", Self.example, "--for", "1d", "--users", "3"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--users needs --policy realistic"))
    }

    @Test func mergeRefusesAMalformedFileAndSummariesOfDifferentRuns() async throws {
        let folder = try TemporaryFolder()
        let broken = try folder.write("broken.json", #"{"for":"3d","policy":"realistic",}"#)
        let malformed = try await TestSupport.run(Self.bgtask, ["merge", broken])
        #expect(malformed.status == 1)
        #expect(malformed.stderr.hasPrefix("Error: \(broken):1:34: byte 33:"), "\(malformed.stderr)")
        for (name, seed) in [("a", "5"), ("b", "6")] {
            let options = ["--for", "1d", "--policy", "realistic", "--seed", seed, "--users", "2", "--shard", name == "a" ? "1/2" : "2/2"]
            _ = try await TestSupport.run(Self.bgtask, ["simulate", Self.example] + options + ["--summary", folder.path + "/\(name).json"])
        }
        let different = try await TestSupport.run(Self.bgtask, ["merge", folder.path + "/a.json", folder.path + "/b.json"])
        #expect(different.status == 1)
        #expect(different.stderr == "Error: \(folder.path)/b.json: seed: '6', but '5' in \(folder.path)/a.json: summaries of different runs do not merge\n")
        let missing = try await TestSupport.run(Self.bgtask, ["merge", folder.path + "/none.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("none.json: no such summary file"))
    }
}
