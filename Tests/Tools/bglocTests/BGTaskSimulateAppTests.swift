import BackgroundTestKit
import Foundation
import Testing

/// `bgtask simulate` runs the whole emulated app (issue 25): a task's `play:` plays on virtual time, and
/// the app options `bgloc replay|live --app` take are its too.
@Suite struct BGTaskSimulateAppTests {
    static var bgtask: String { TestSupport.executable("bgtask") }

    /// A task that plays a 0.75 s clip when it launches, and one that runs a command.
    static func manifest(in folder: TemporaryFolder) throws -> String {
        let clip = try Data(contentsOf: URL(fileURLWithPath: TestSupport.packageRoot + "/Examples/AudioTour/audio/lindenhof.wav"))
        _ = try folder.write("clip.wav", clip)
        return try folder.write("app.yaml", """
            app: com.example.player
            backgroundModes: [audio, fetch, processing]
            permittedIdentifiers: [refresh, job]
            audio: {category: playback, device: default}
            tasks:
              refresh: {kind: refresh, work: 5s, onLaunch: {play: clip.wav}}
              job: {kind: processing, run: "echo from-the-job"}
            conditions: [{at: 0s, idle: true, power: charging}]
            submitAtLaunch: [refresh, job]
            """)
    }

    @Test func aTasksPlayPlaysOnVirtualTime() async throws {
        let folder = try TemporaryFolder()
        let result = try await TestSupport.run(Self.bgtask, [
            "simulate", try Self.manifest(in: folder), "--for", "1h", "--format", "jsonl", "--audio-device", "null",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let audio = lines.filter { $0.contains(#""event":"audio."#) }
        let clip = folder.path + "/clip.wav"
        #expect(audio == [
            #"{"time":"2026-01-01T00:00:00Z","event":"audio.started","file":"\#(clip)"}"#,
            #"{"time":"2026-01-01T00:00:00.750Z","event":"audio.finished","file":"\#(clip)","success":true}"#,
        ], "\(result.stdout)")
        #expect(!lines.contains { $0.contains(#""event":"error""#) }, "\(result.stdout)")
    }

    @Test func itTakesTheAppOptions() async throws {
        let folder = try TemporaryFolder()
        let manifest = try Self.manifest(in: folder)
        let log = folder.path + "/tasks.log"
        let result = try await TestSupport.run(Self.bgtask, [
            "simulate", manifest, "--for", "1h", "--format", "jsonl", "--audio-device", "null", "--command-timeout", "5s",
            "--task-log", log, "--state", folder.path + "/state.db", "--transfers", "simulated",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("[job] from-the-job"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/state.db"))
        let bad = try await TestSupport.run(Self.bgtask, ["simulate", manifest, "--for", "1h", "--command-timeout", "0s"])
        #expect(bad.status == 64 && bad.stderr.contains("--command-timeout '0s': expected a duration greater than 0"), "\(bad.stderr)")
    }
}
