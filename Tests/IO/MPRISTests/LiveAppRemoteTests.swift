import BackgroundTestKit
import Foundation
import Testing

/// An app's audio under `bgloc live --app` (issue 36): its Now Playing on the session bus and its remote
/// commands from `playerctl`, and the interruption and the lost route that `bgtask` brings through the
/// control socket, each with the `audio.*` events iOS's session rules call for.
@Suite(.serialized) struct LiveAppRemoteTests {
    @Test(.enabled(if: TestSupport.toolsAvailable("dbus-daemon", "playerctl", "aplay"), "needs dbus-daemon, playerctl and ALSA's configuration"))
    func playerctlAndBGTaskReachTheAppsAudio() async throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        try SessionBus.taggedWAV("\(bus.folder)/clip.wav", seconds: 60, title: "Clip title", artist: "Clip artist", album: "Clip album")
        let manifest = "\(bus.folder)/app.yaml"
        try """
            app: com.example.tour
            backgroundModes: [audio]
            audio: {category: playback, device: "null", nowPlaying: {title: Lindenhof}}
            lifecycle: [{at: 0s, app: foreground, play: clip.wav}]
            """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let events = "\(bus.folder)/events.jsonl"
        _ = FileManager.default.createFile(atPath: events, contents: nil)
        let live = Process()
        live.executableURL = URL(fileURLWithPath: TestSupport.executable("bgloc"))
        live.arguments = ["live", "--app", manifest, "--state", "\(bus.folder)/state.db", "--format", "jsonl", "--duration", "60s"]
        live.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { $1 }
        live.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: events))
        live.standardError = FileHandle.nullDevice
        try live.run()
        defer { if live.isRunning { live.interrupt() } }
        try await SessionBus.waitFor("audio.started", in: events, count: 1)

        // Now Playing: the manifest's title, the clip's other tags.
        var shown = ""
        for _ in 0..<50 where !shown.hasPrefix("Lindenhof") {
            shown = try await bus.playerctl("-p", "bgkit", "metadata", "--format", "{{title}}|{{artist}}|{{album}}|{{mpris:length}}")
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(shown == "Lindenhof|Clip artist|Clip album|60000000")
        _ = try await bus.playerctl("-p", "bgkit", "pause")
        try await SessionBus.waitFor("audio.paused", in: events, count: 1)
        _ = try await bus.playerctl("-p", "bgkit", "play")
        try await SessionBus.waitFor("audio.resumed", in: events, count: 1)

        let bgtask = TestSupport.executable("bgtask")
        let interrupt = try await TestSupport.run(bgtask, ["audio-interrupt", "--state", "\(bus.folder)/state.db", "com.example.tour", "--for", "1s"])
        #expect(interrupt.status == 0, "\(interrupt.stderr)")
        #expect(interrupt.stdout.contains("an interruption began; it ends in 1s with shouldResume"))
        try await SessionBus.waitFor("audio.interrupted", in: events, count: 1)
        try await SessionBus.waitFor("audio.resumed", in: events, count: 2)
        let lost = try await TestSupport.run(bgtask, ["audio-route-lost", "--state", "\(bus.folder)/state.db", "com.example.tour"])
        #expect(lost.status == 0, "\(lost.stderr)")
        try await SessionBus.waitFor("audio.paused", in: events, count: 2)
        live.interrupt()
        live.waitUntilExit()
    }
}
