import BackgroundCore
import Testing
@testable import BackgroundPopulation

/// The summary file: written, read back, merged, and refused with the file, the member and the problem.
@Suite struct SummaryDocumentTests {
    static func statistics(users: Int, ages: [Int64]) -> RunStatistics {
        var s = RunStatistics()
        s.users = users
        s.opens = ages.count + 1
        var tally = RunStatistics.TaskTally()
        tally.launches = 3 * users
        tally.completed = 2 * users
        for _ in 0..<users { tally.launchesPerDay.add(300) }
        s.tasks["com.example.refresh"] = tally
        ages.forEach { s.contentAgeAtOpen.add($0) }
        s.pushesSent = 2
        s.pushDelay.add(0)
        s.transferLatency.add(4_000)
        return s
    }

    static let run = SummaryDocument.Run(
        length: "14d", policy: "realistic", seed: 7, app: "com.example", manifest: SummaryDocument.digest(of: Array("app: x".utf8)),
        population: 5)

    func shard(_ index: Int, users: Int, ages: [Int64]) -> (file: String, summary: SummaryDocument) {
        ("shard-\(index).json", SummaryDocument(run: Self.run, shards: (2, [index]), statistics: Self.statistics(users: users, ages: ages)))
    }

    @Test func aSummaryReadsBackAsItWasWritten() throws {
        let document = shard(1, users: 3, ages: [5, 70_000, 90]).summary
        let text = document.jsonText
        let read = try SummaryDocument(bytes: Array(text.utf8), file: "s.json")
        #expect(read == document)
        #expect(read.jsonText == text)
        #expect(text.hasPrefix(#"{"for":"14d","policy":"realistic","seed":7,"users":3,"opens":4,"tasks":{"com.example.refresh":"#))
        #expect(text.contains(#""contentAgeAtOpen":{"count":3,"p50":90,"p90":69632,"max":70000}"#))
    }

    @Test func seedsPastJSONsExactIntegersStayExact() throws {
        var run = Self.run
        run.seed = UInt64.max
        let document = SummaryDocument(run: run, statistics: Self.statistics(users: 1, ages: []))
        #expect(document.jsonText.contains(#""seed":"18446744073709551615""#))
        #expect(try SummaryDocument(bytes: Array(document.jsonText.utf8), file: "s.json").run.seed == UInt64.max)
    }

    @Test func mergingEveryShardGivesTheWholeRunByteForByte() throws {
        let whole = SummaryDocument(run: Self.run, statistics: {
            var s = Self.statistics(users: 3, ages: [5, 90])
            s.merge(Self.statistics(users: 2, ages: [70_000]))
            return s
        }())
        let merged = try SummaryDocument.merged([shard(2, users: 2, ages: [70_000]), shard(1, users: 3, ages: [5, 90])])
        #expect(merged.jsonText == whole.jsonText)
        let half = try SummaryDocument.merged([shard(1, users: 3, ages: [5])])
        #expect(half.jsonText.contains(#""shards":{"of":2,"included":[1]}"#))
    }

    @Test func summariesOfDifferentRunsDoNotMerge() {
        var other = shard(2, users: 2, ages: [])
        other.summary.run.seed = 8
        #expect(throws: InputError(file: "shard-2.json", place: .key("seed"), message: "'8', but '7' in shard-1.json: summaries of different runs do not merge")) {
            try SummaryDocument.merged([shard(1, users: 3, ages: []), other])
        }
        var longer = shard(2, users: 2, ages: [])
        longer.summary.run.length = "7d"
        #expect(throws: InputError.self) { try SummaryDocument.merged([shard(1, users: 3, ages: []), longer]) }
    }

    @Test func aShardTwiceAWholeRunOrAWrongUserCountIsRefused() throws {
        let error = #expect(throws: InputError.self) { try SummaryDocument.merged([shard(1, users: 3, ages: []), shard(1, users: 3, ages: [])]) }
        #expect(error?.description == "shard-1.json: shards: shard 1/2 is in shard-1.json too: each shard may be merged once")
        let whole = ("whole.json", SummaryDocument(run: Self.run, statistics: Self.statistics(users: 5, ages: [])))
        #expect(throws: InputError.self) { try SummaryDocument.merged([whole]) }
        let wrong = #expect(throws: InputError.self) { try SummaryDocument.merged([shard(1, users: 2, ages: [])]) }
        #expect(wrong?.description == "shard-1.json: users: 2, but shards 1 of 2 hold 3 of 5 users")
    }

    @Test(arguments: [
        ("{", "s.json:1:2: byte 1:"),
        (#"[1]"#, "s.json: expected a JSON object"),
        (#"{"for":"1d","policy":"eager","seed":-1}"#, "s.json: seed: expected a whole number"),
        (#"{"for":"1d","policy":"eager","seed":1,"app":"a","manifest":"m","users":1,"opens":0,"tasks":{}}"#, "s.json: histograms: missing"),
    ])
    func aMalformedSummaryNamesTheFileThePlaceAndTheProblem(text: String, expected: String) {
        let error = #expect(throws: InputError.self) { try SummaryDocument(bytes: Array(text.utf8), file: "s.json") }
        #expect(error?.description.hasPrefix(expected) == true, "\(error?.description ?? "")")
    }

    @Test func shardsOfNoneAreRefusedAsTheyAreRead() {
        let text = shard(1, users: 3, ages: []).summary.jsonText.replacingOccurrences(#""of":2,"included":[1]"#, #""of":0,"included":[1]"#)
        let error = #expect(throws: InputError.self) { try SummaryDocument(bytes: Array(text.utf8), file: "s.json") }
        #expect(error?.description == "s.json: shards.of: expected the number of shards, 1 or more")
    }

    @Test func countsThatDisagreeWithTheirHistogramsAreRefused() {
        let text = shard(1, users: 3, ages: [5, 90]).summary.jsonText.replacingOccurrences(#""count":2"#, #""count":5"#)
        let error = #expect(throws: InputError.self) { try SummaryDocument(bytes: Array(text.utf8), file: "s.json") }
        #expect(error?.description == "s.json: contentAgeAtOpen.count: 5, but its histogram holds 2 values")
    }

    @Test func shardsParseAndCountTheirUsers() {
        #expect((try? Shard.parse("2/4").get()) == Shard(index: 2, of: 4))
        for bad in ["0/2", "3/2", "1/0", "x/2", "1/2/3", ""] {
            #expect((try? Shard.parse(bad).get()) == nil, "\(bad)")
        }
        let shards = (1...4).map { Shard(index: $0, of: 4)! }
        #expect(shards.map { $0.users(of: 10) } == [3, 3, 2, 2])
        #expect(shards.map { $0.users(of: 2) } == [1, 1, 0, 0])
        #expect((0..<10).filter(shards[2].contains) == [2, 6])
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
