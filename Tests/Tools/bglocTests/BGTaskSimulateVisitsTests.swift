import BackgroundTestKit
import Foundation
import Testing

/// `bgtask simulate` with `visits:` (CONTRACTS.md §12): places without a trace under both policies and with
/// `--users`; a section the command cannot run is named once on standard error.
@Suite struct BGTaskSimulateVisitsTests {
    static var bgtask: String { TestSupport.executable("bgtask") }

    static let app = """
        app: com.example.visits
        backgroundModes: [processing]
        permittedIdentifiers: [com.example.upload]
        tasks:
          com.example.upload: {kind: processing, work: 10s}
        conditions: [{at: "06:00", power: battery, idle: false}, {at: "22:00", power: charging, idle: true}]
        regions:
          - {id: office, lat: 47.3769, lon: 8.5417, radius: 150, onEnter: {submit: com.example.upload}}
        usage: [{at: "07:30", for: 5m}]

        """

    static func run(_ yaml: String, _ arguments: [String]) async throws -> TestSupport.Result {
        let folder = try TemporaryFolder()
        let manifest = try folder.write("app.yaml", yaml)
        return try await TestSupport.run(Self.bgtask, ["simulate", manifest] + arguments)
    }

    @Test(arguments: ["eager", "realistic"]) func visitsRunUnderEitherPolicy(policy: String) async throws {
        let result = try await Self.run(Self.app + "visits: [{at: \"08:40\", enter: office, for: 8h}]\n",
                                        ["--for", "2d", "--format", "text", "--policy", policy])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains(" enter ") && $0.contains("office") }.count == 2, "\(result.stdout)")
        #expect(lines.filter { $0.contains("task.launched  com.example.upload") || $0.contains("task.launched   com.example.upload") }.count >= 1,
                "the upload a visit submits runs on the charger: \(result.stdout)")
    }

    @Test func visitsRunForAPopulation() async throws {
        let folder = try TemporaryFolder()
        let result = try await Self.run(Self.app + "visits: [{at: \"08:40\", enter: office, for: 8h, jitter: 20m}]\n", [
            "--for", "3d", "--policy", "realistic", "--users", "20", "--summary", folder.path + "/summary.json",
        ])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let summary = try String(contentsOfFile: folder.path + "/summary.json", encoding: .utf8)
        #expect(summary.contains(#""com.example.upload":{"launches":"#), "\(summary)")
        #expect(!summary.contains(#""com.example.upload":{"launches":0"#), "the visits submit the upload: \(summary)")
    }

    @Test func regionsWithoutVisitsAreNamedOnceOnStandardError() async throws {
        let result = try await Self.run(Self.app + "significantChange: {submit: com.example.upload}\n", ["--for", "1d", "--format", "jsonl"])
        #expect(result.status == 0)
        #expect(result.stderr == """
            bgtask simulate: regions: is not run: without a trace only visits: move the user (docs/MANIFEST.md)
            bgtask simulate: significantChange: is not run: without a trace only visits: move the user (docs/MANIFEST.md)

            """, "\(result.stderr)")
    }
}
