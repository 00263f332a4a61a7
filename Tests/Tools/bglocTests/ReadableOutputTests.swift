import BackgroundTestKit
import Foundation
import Testing

/// Output a person reads (issue 35): battery steps folded in the text timeline and left out of reports,
/// and launches that came along in another task's launch marked as such.
@Suite struct ReadableOutputTests {
    static var bgtask: String { TestSupport.executable("bgtask") }

    /// A phone that drains `drain` an hour on the battery by day and charges at night: a step a percent.
    static func manifest(drain: String, in folder: TemporaryFolder) throws -> String {
        try folder.write("app.yaml", """
            app: com.example.battery
            backgroundModes: [fetch]
            permittedIdentifiers: [refresh]
            tasks:
              refresh: {kind: refresh, work: 5s, earliestBegin: 15m, resubmit: true}
            submitAtLaunch: [refresh]
            conditions:
              - {at: "07:00", power: battery, battery: 100, idle: false, drain: \(drain)}
              - {at: "23:00", power: charging, idle: true, charge: 25%/h}
            usage: [{at: "08:00", for: 5m}, {at: "12:30", for: 2m}]
            """)
    }

    static func lines(_ output: String, _ text: String) -> Int {
        output.split(separator: "\n").filter { $0.contains(text) }.count
    }

    @Test func batteryStepsShowOnlyUnderEventsConditions() async throws {
        let folder = try TemporaryFolder()
        let base = ["simulate", try Self.manifest(drain: "6%/h", in: folder), "--for", "7d", "--policy", "realistic", "--format", "text"]
        let folded = try await TestSupport.run(Self.bgtask, base)
        #expect(folded.status == 0, "\(folded.stderr)")
        let all = try await TestSupport.run(Self.bgtask, base + ["--events", "conditions"])
        let steps = Self.lines(all.stdout, " conditions ")
        #expect(steps > 1_000, "a line a percent under --events conditions")
        #expect(Self.lines(folded.stdout, " conditions ") < 30, "a line a change of anything but the battery's level")
        #expect(folded.stdout.contains("conditions events not shown (--events 'conditions' shows them)"))
        let jsonl = try await TestSupport.run(Self.bgtask, Array(base.dropLast()) + ["jsonl"])
        #expect(Self.lines(jsonl.stdout, #""event":"conditions""#) == steps, "the stream keeps every step")
    }

    @Test func aReportDoesNotGrowWithBatterySteps() async throws {
        let folder = try TemporaryFolder()
        var sizes: [Int] = []
        for drain in ["1%/h", "6%/h"] {
            let page = folder.path + "/\(drain.first!).html"
            let result = try await TestSupport.run(Self.bgtask, [
                "simulate", try Self.manifest(drain: drain, in: folder), "--for", "7d", "--policy", "realistic", "--format", "jsonl", "--report", page,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            sizes.append(try FileManager.default.attributesOfItem(atPath: page)[.size] as! Int)
        }
        #expect(sizes.allSatisfy { $0 < 300_000 }, "a one-user week under 300 KB: \(sizes)")
        #expect(abs(sizes[1] - sizes[0]) < 5_000, "six times the steps, the same page: \(sizes)")
    }

    @Test func aLaunchThatCameAlongIsMarked() async throws {
        let daily = TestSupport.packageRoot + "/Examples/DailyRefresh/app.yaml"
        let result = try await TestSupport.run(Self.bgtask, ["simulate", daily, "--for", "1d", "--format", "text"])
        #expect(result.stdout.contains("22:00:00      task.launched   com.example.daily.upload (with com.example.daily.refresh)"), "\(result.stdout)")
        let jsonl = try await TestSupport.run(Self.bgtask, ["simulate", daily, "--for", "1d", "--format", "jsonl"])
        #expect(jsonl.stdout.contains(#""event":"task.launched","task":"com.example.daily.upload","with":"com.example.daily.refresh"}"#))
    }
}
