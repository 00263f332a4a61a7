import ALSAAudio
import BackgroundAudio
import BackgroundTestKit
import Foundation
import Testing

/// Every WAV of the shared corpus (malformed ones included) through the built `bgaudio play` on ALSA's
/// file device: what reaches ALSA is exactly what the decoder produces, and a bad file is a clear
/// message and status 1 — never a crash or ALSA's own chatter.
@Suite(
    .enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"),
    .enabled(if: TestSupport.toolsAvailable("aplay"), "install alsa-utils (tools/install-deps)")
)
struct CorpusPlaybackTests {
    static let files: [String] = {
        guard let root = TestSupport.sharedTestdata else { return [] }
        let folder = "\(root)/wav"
        let names = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []
        return names.filter { $0.hasSuffix(".wav") }.sorted()
    }()

    /// All the frames `AudioFile.open` decodes from `path`, or nil when it refuses the file.
    private func decoded(_ path: String) -> [UInt8]? {
        guard let decoder = try? AudioFile.open(path) else { return nil }
        let frameBytes = decoder.format.bytesPerFrame
        var all: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096 * frameBytes)
        while true {
            let count = (try? chunk.withUnsafeMutableBytes { try decoder.read(into: $0, maxFrames: 4_096) }) ?? -1
            if count < 0 { return nil }
            if count == 0 { return all }
            all += chunk[..<(count * frameBytes)]
        }
    }

    @Test(arguments: files)
    func playsExactlyWhatTheDecoderGivesOrSaysWhyNot(_ name: String) async throws {
        let path = "\(try #require(TestSupport.sharedTestdata))/wav/\(name)"
        let raw = FileManager.default.temporaryDirectory
            .appendingPathComponent("bgkit-corpus-\(UUID().uuidString).raw").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let result = try await TestSupport.run(
            TestSupport.executable("bgaudio"), ["play", path, "--device", "file:'\(raw)',raw", "--format", "jsonl"])
        #expect(!result.signalled)
        #expect(!result.stderr.contains("ALSA lib"))
        #expect(!result.stderr.contains("Fatal error"))
        if let expected = decoded(path) {
            #expect(result.status == 0, "\(result.stderr)")
            let played = (try? Data(contentsOf: URL(fileURLWithPath: raw))) ?? Data()
            #expect(played == Data(expected))
        } else {
            #expect(result.status == 1)
            #expect(result.stderr.contains(name.split(separator: "/").last.map(String.init) ?? name))
        }
    }
}
