import BackgroundAudio
import BackgroundTestKit
import Foundation
import Testing

/// A manifest's app answers remote commands as its `remoteCommands:` say — a player's answer by default,
/// `ignore`, an action — sent by `lifecycle:` steps `{audio: remote, command: …}` in `bgtask simulate`.
@Suite struct RemoteCommandStepTests {
    /// Runs the manifest with `steps` after the first clip's start; its `audio.*` and `action` events as "TIME event FILE".
    static func run(_ steps: String) async throws -> (audio: [String], result: TestSupport.Result) {
        let folder = try TemporaryFolder()
        let format = AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000)
        for name in ["clip", "next"] {
            try WAVWriter.write([UInt8](repeating: 0, count: 60 * 16_000), format: format, to: folder.path + "/\(name).wav")
        }
        let manifest = try folder.write("app.yaml", """
            app: com.example.tour
            backgroundModes: [audio]
            audio:
              category: playback
              device: "null"
              remoteCommands: {nextTrack: {play: next.wav}, previousTrack: ignore}
            lifecycle:
              - {at: 0s, app: foreground, play: clip.wav}
            \(steps)
            """)
        let result = try await TestSupport.run(
            TestSupport.executable("bgtask"), ["simulate", manifest, "--for", "10m", "--format", "jsonl"])
        let audio = result.stdout.split(separator: "\n").filter { $0.contains(#""event":"audio."#) }.map { line in
            let fields = line.split(separator: "\"")
            let file = line.split(separator: "/").last?.split(separator: "\"").first ?? ""
            return "\(fields[3].dropFirst(11)) \(fields[7]) \(file)"
        }
        return (audio, result)
    }

    @Test(.enabled(if: TestSupport.toolsAvailable("aplay"), "needs ALSA's configuration (alsa-utils) for the null device"))
    func playerIgnoreAndActionAnswerAtTheStepsTimes() async throws {
        let (audio, result) = try await Self.run("""
              - {at: 10s, audio: remote, command: togglePlayPause}
              - {at: 20s, audio: remote, command: togglePlayPause}
              - {at: 30s, audio: remote, command: previousTrack}
              - {at: 40s, audio: remote, command: nextTrack}
              - {at: 50s, audio: remote, command: pause}
            """)
        #expect(result.status == 0, "\(result.stderr)")
        // togglePlayPause and pause: what a player does; previousTrack: ignored; nextTrack: the action's clip,
        // which replaces the one playing.
        #expect(audio == [
            "00:00:00Z audio.started clip.wav", "00:00:10Z audio.paused clip.wav", "00:00:20Z audio.resumed clip.wav",
            "00:00:40Z audio.started next.wav", "00:00:50Z audio.paused next.wav",
        ])
    }

    @Test(arguments: [
        ("{at: 10s, audio: remote, command: skipp}", "lifecycle[1].command: unknown remote command 'skipp' (expected one of play, pause, togglePlayPause, stop, nextTrack, previousTrack)"),
        ("{at: 10s, audio: remote}", "lifecycle[1].audio: an audio: remote step needs command: (one of play, pause"),
        ("{at: 10s, audio: interruption, command: play}", "lifecycle[1].command: command: belongs to an audio: remote step, not interruption"),
        ("{at: 10s, audio: remote, command: play, for: 5s}", "lifecycle[1].for: for: belongs to an audio: interruption step, not remote"),
    ])
    func aBadRemoteStepIsRefusedNamingItsLineAndKey(step: String, message: String) async throws {
        let (_, result) = try await Self.run("  - \(step)")
        #expect(result.status != 0)
        #expect(result.stderr.contains("app.yaml:9: \(message)"), "\(result.stderr)")
    }
}
