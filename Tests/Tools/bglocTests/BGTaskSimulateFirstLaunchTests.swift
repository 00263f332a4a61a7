import BackgroundTestKit
import Foundation
import Testing

/// `bgtask simulate`: adding a `lifecycle:` step never changes when or how the app first launches
/// (CONTRACTS.md §12).
@Suite struct BGTaskSimulateFirstLaunchTests {
    static var bgtask: String { TestSupport.executable("bgtask") }

    static let base = """
        app: com.example.first
        backgroundModes: [fetch]
        permittedIdentifiers: [refresh]
        tasks:
          refresh: {kind: refresh, work: 5s}
        submitAtLaunch: [refresh]

        """

    /// The `lifecycle` lines of a day of `yaml`, as text.
    static func lifecycle(_ yaml: String) async throws -> [String] {
        let folder = try TemporaryFolder()
        let manifest = try folder.write("app.yaml", yaml)
        let result = try await TestSupport.run(Self.bgtask, ["simulate", manifest, "--for", "1d", "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).filter { $0.contains(" lifecycle ") }
    }

    @Test func aLifecycleStepDoesNotLaunchAUsageAppAtMidnight() async throws {
        let usage = Self.base + "usage: [{at: \"08:00\", for: 5m}]\n"
        let without = try await Self.lifecycle(usage)
        let with = try await Self.lifecycle(usage + "lifecycle: [{at: 20h, app: forceQuit}]\n")
        #expect(without.first?.contains("08:00:00") == true && without.first?.contains("launched by the user") == true, "\(without)")
        #expect(with.first == without.first, "\(with)")
        #expect(with.last?.contains("20:00:00") == true && with.last?.contains("force-quit") == true, "\(with)")
    }

    @Test func aLifecycleStepDoesNotBringABackgroundAppToTheForeground() async throws {
        #expect(try await Self.lifecycle(Self.base).isEmpty, "kept in the background, unseen")
        let with = try await Self.lifecycle(Self.base + "lifecycle: [{at: 3h, app: forceQuit}]\n")
        #expect(with.count == 1 && with[0].contains("03:00:00") && with[0].contains("terminated"), "\(with)")
    }
}
