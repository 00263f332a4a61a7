import BackgroundTestKit
import Testing

/// A manifest's app answers remote commands as its `remoteCommands:` say — a player's answer by default,
/// `ignore`, an action — sent by `lifecycle:` steps `{audio: remote, command: …}` in `bgtask simulate`.
@Suite struct RemoteCommandStepTests {
    static let remoteCommands = ", remoteCommands: {nextTrack: {play: next.wav}, previousTrack: ignore}"

    @Test(.enabled(if: TestSupport.toolsAvailable("aplay"), "needs ALSA's configuration (alsa-utils) for the null device"))
    func playerIgnoreAndActionAnswerAtTheStepsTimes() async throws {
        let (audio, result, _) = try await AudioLifecycleStepTests.run("""
              - {at: 10s, audio: remote, command: togglePlayPause}
              - {at: 20s, audio: remote, command: togglePlayPause}
              - {at: 30s, audio: remote, command: previousTrack}
              - {at: 40s, audio: remote, command: nextTrack}
              - {at: 50s, audio: remote, command: pause}
            """, audio: Self.remoteCommands, files: true)
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
        let (_, result, _) = try await AudioLifecycleStepTests.run("  - \(step)", audio: Self.remoteCommands)
        #expect(result.status != 0)
        #expect(result.stderr.contains("app.yaml:6: \(message)"), "\(result.stderr)")
    }
}
