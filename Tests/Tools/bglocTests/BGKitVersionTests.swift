import BackgroundTestKit
import CommandLineSupport
import Testing

/// `--version` of every tool prints the one shared version.
@Suite struct BGKitVersionTests {
    @Test(arguments: ["bgloc", "bgaudio", "bgtask"])
    func printsTheSharedVersion(_ tool: String) async throws {
        let result = try await TestSupport.run(TestSupport.executable(tool), ["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == BGKitVersion.current + "\n")
    }

    @Test func isMajorMinorPatch() {
        let parts = BGKitVersion.current.split(separator: ".")
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { Int($0) != nil })
    }
}
