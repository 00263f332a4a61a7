import BackgroundApp
import BackgroundCore
import BackgroundTestKit
import Testing

/// `pushes:` entries with `every:` (CONTRACTS.md §12): repeated from `at` (default the first launch) to the
/// end of the run, each occurrence moved within its `jitter`.
@Suite struct RecurringPushTests {
    static let push = "{aps: {content-available: 1}}"

    /// The seconds from the start of each `push.received`.
    static func received(_ lines: String, for length: Duration = .seconds(86_399), seed: UInt64 = 0) throws -> [Int] {
        let run = try PushModeTests.Run(lines) { $0.seed = seed }
        return run.events(for: length).compactMap { line in
            let parts = line.split(separator: " ")
            return parts[1] == "push.received" ? Int(parts[0].dropLast()) : nil
        }
    }

    @Test func aPushWithEveryRepeatsFromTheFirstLaunchToTheEndOfTheRun() throws {
        let times = try Self.received("pushes: [{every: 6h, payload: \(Self.push)}]")
        #expect(times == [0, 21_600, 43_200, 64_800])
    }

    @Test func itStartsAtAtWhenGiven() throws {
        let times = try Self.received("pushes: [{at: 1h, every: 8h, payload: \(Self.push)}]")
        #expect(times == [3_600, 32_400, 61_200])
    }

    @Test func jitterMovesEachPushWithinItsBoundsTheSameForTheSameSeed() throws {
        let lines = "pushes: [{every: 6h, jitter: 30m, payload: \(Self.push)}]"
        let first = try Self.received(lines, for: .seconds(4 * 86_400), seed: 5)
        #expect(try Self.received(lines, for: .seconds(4 * 86_400), seed: 5) == first)
        #expect(try Self.received(lines, for: .seconds(4 * 86_400), seed: 6) != first)
        #expect(first.count >= 15)
        for (n, time) in first.enumerated() { #expect(abs(time - n * 21_600) <= 1_800, "push \(n + 1) at \(time)s") }
        #expect(first != first.indices.map { $0 * 21_600 }, "the jitter moved some")
    }

    @Test(arguments: [
        ("pushes: [{payload: {aps: {content-available: 1}}}]", "missing key 'at'"),
        ("pushes: [{every: 30s, payload: {aps: {content-available: 1}}}]", "every is at least 1m"),
        ("pushes: [{at: 0s, jitter: 5m, payload: {aps: {content-available: 1}}}]", "jitter belongs to a repeating push"),
        ("pushes: [{every: 1h, jitter: 31m, payload: {aps: {content-available: 1}}}]", "jitter is at most half of every"),
    ])
    func badEntriesAreRefused(yaml: String, expected: String) throws {
        #expect {
            try AppManifest(yaml: "app: x\n" + yaml, file: "m.yaml")
        } throws: { error in
            "\(error)".contains(expected)
        }
    }
}
