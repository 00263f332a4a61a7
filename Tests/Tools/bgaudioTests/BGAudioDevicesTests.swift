import BackgroundTestKit
import Foundation
import Testing

@Suite(.enabled(if: TestSupport.toolsAvailable("aplay"), "install alsa-utils (tools/install-deps)"))
struct BGAudioDevicesTests {
    @Test func listsTheNullDeviceAndTheCards() async throws {
        let result = try await TestSupport.run(TestSupport.executable("bgaudio"), ["devices"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "PCM devices:")
        #expect(lines.contains { $0.hasPrefix("  null ") && $0.contains("Discard all samples") })
        #expect(lines.contains("Sound cards:"))
        #expect(result.stderr.isEmpty)
    }
}
