import BackgroundAudio
import BackgroundTestKit
import Foundation
import Testing

/// The `audio:` steps of `lifecycle:` (issue 36): an interruption that ends with `shouldResume` pauses the
/// clip and plays it on, on virtual time; one without leaves it paused; a lost route pauses it.
@Suite struct AudioLifecycleStepTests {
    /// Runs `bgtask simulate` of an app playing `clip.wav` from 0 s (`next.wav` lies beside it), with `steps`
    /// after that and `audio` added to its `audio:` section; its `audio.*` events as "TIME event", with the
    /// file's name when `files`.
    static func run(
        _ steps: String, clipSeconds: Int = 60, audio extra: String = "", files: Bool = false
    ) async throws -> (audio: [String], result: TestSupport.Result, clip: String) {
        let folder = try TemporaryFolder()
        let format = AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000)
        for name in ["clip", "next"] {
            try WAVWriter.write([UInt8](repeating: 0, count: clipSeconds * 16_000), format: format, to: folder.path + "/\(name).wav")
        }
        let manifest = try folder.write("app.yaml", """
            app: com.example.tour
            backgroundModes: [audio]
            audio: {category: playback, device: "null"\(extra)}
            lifecycle:
              - {at: 0s, app: foreground, play: clip.wav}
            \(steps)
            """)
        let result = try await TestSupport.run(
            TestSupport.executable("bgtask"), ["simulate", manifest, "--for", "10m", "--format", "jsonl"])
        let audio = result.stdout.split(separator: "\n").filter { $0.contains(#""event":"audio."#) }.map { line in
            let fields = line.split(separator: "\"")
            let file = files ? " " + (line.split(separator: "/").last?.split(separator: "\"").first ?? "") : ""
            return "\(fields[3].dropFirst(11)) \(fields[7])\(file)"
        }
        return (audio, result, folder.path + "/clip.wav")
    }

    @Test(.enabled(if: TestSupport.toolsAvailable("aplay"), "needs ALSA's configuration (alsa-utils) for the null device"))
    func anInterruptionThatShouldResumePausesAndPlaysOn() async throws {
        let (audio, result, _) = try await Self.run("""
              - {at: 10s, audio: interruption, for: 45s, shouldResume: true}
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(audio == ["00:00:00Z audio.started", "00:00:10Z audio.interrupted", "00:00:55Z audio.resumed", "00:01:45Z audio.finished"])
    }

    @Test(.enabled(if: TestSupport.toolsAvailable("aplay"), "needs ALSA's configuration (alsa-utils) for the null device"))
    func withoutShouldResumeOrWithTheRouteLostItStaysPaused() async throws {
        let (audio, result, _) = try await Self.run("""
              - {at: 10s, audio: interruption, for: 5s, shouldResume: false}
              - {at: 20s, app: foreground, play: clip.wav}
              - {at: 30s, audio: routeLost}
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(audio == [
            "00:00:00Z audio.started", "00:00:10Z audio.interrupted", "00:00:20Z audio.started", "00:00:30Z audio.paused",
        ])
    }

    @Test func aBadStepIsRefusedNamingItsPlace() async throws {
        let (_, result, _) = try await Self.run("""
              - {at: 10s, audio: interupt}
            """)
        #expect(result.status != 0)
        #expect(result.stderr.contains("unknown audio step 'interupt' (expected interruption, routeLost or remote)"), "\(result.stderr)")
    }
}
