import BackgroundTestKit
import Foundation
import Testing

/// `bgaudio play` on a private session bus, driven by `playerctl` as a person (or a headset through
/// `mpris-proxy`) would: it lists the player, shows the tags, and pause, play, next and stop act with the
/// same `audio.*` events as the keys.
@Suite(.serialized) struct MPRISPlayerctlTests {
    static let enabled = TestSupport.toolsAvailable("dbus-daemon", "playerctl")

    @Test(.enabled(if: enabled, "needs dbus-daemon and playerctl (tools/install-deps)"))
    func playerctlDrivesBGAudio() async throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        let first = "\(bus.folder)/first.wav"
        let second = "\(bus.folder)/second stop.wav"
        try SessionBus.taggedWAV(first, seconds: 30, title: "Lindenhof", artist: "City Museum", album: "Old Town")
        try SessionBus.taggedWAV(second, seconds: 30, title: "St. Peter", artist: "City Museum", album: "Old Town")
        let events = "\(bus.folder)/events.jsonl"
        _ = FileManager.default.createFile(atPath: events, contents: nil)
        let player = Process()
        player.executableURL = URL(fileURLWithPath: TestSupport.executable("bgaudio"))
        player.arguments = ["play", first, second, "--device", "null", "--format", "jsonl"]
        player.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { $1 }
        player.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: events))
        player.standardError = FileHandle.nullDevice
        try player.run()
        defer { if player.isRunning { player.terminate() } }

        var listed = ""
        for _ in 0..<100 where !listed.contains("bgkit") {
            listed = try await bus.playerctl("-l")
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(listed == "bgkit.instance\(player.processIdentifier)")
        try await SessionBus.waitFor("audio.started", in: events, count: 1)

        let shown = try await bus.playerctl("-p", "bgkit", "metadata", "--format", "{{title}}|{{artist}}|{{album}}|{{mpris:length}}|{{xesam:url}}")
        #expect(shown == "Lindenhof|City Museum|Old Town|30000000|file://\(first)")
        #expect(try await bus.playerctl("-p", "bgkit", "status") == "Playing")

        _ = try await bus.playerctl("-p", "bgkit", "pause")
        try await SessionBus.waitFor("audio.paused", in: events, count: 1)
        #expect(try await bus.playerctl("-p", "bgkit", "status") == "Paused")
        _ = try await bus.playerctl("-p", "bgkit", "play-pause")
        try await SessionBus.waitFor("audio.resumed", in: events, count: 1)

        _ = try await bus.playerctl("-p", "bgkit", "next")
        try await SessionBus.waitFor("audio.started", in: events, count: 2)
        #expect(try await bus.playerctl("-p", "bgkit", "metadata", "title") == "St. Peter")
        let url = try await bus.playerctl("-p", "bgkit", "metadata", "xesam:url")
        #expect(url.hasSuffix("/second%20stop.wav"))

        _ = try await bus.playerctl("-p", "bgkit", "stop")
        player.waitUntilExit()
        #expect(player.terminationStatus == 0)
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").map { line in
            line.split(separator: "\"event\":\"").last?.prefix { $0 != "\"" } ?? ""
        }
        #expect(lines == ["audio.started", "audio.paused", "audio.resumed", "audio.finished", "audio.started"])
    }

    @Test(.enabled(if: enabled, "needs dbus-daemon and playerctl (tools/install-deps)"))
    func withoutABusItPlaysAsBefore() async throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        let clip = "\(bus.folder)/clip.wav"
        try SessionBus.taggedWAV(clip, seconds: 1, title: "T", artist: "A", album: "B")
        // No bus named: nothing is published and nothing said; a bus named but gone: one line, and it plays.
        let alone = try await TestSupport.run(
            TestSupport.executable("bgaudio"), ["play", clip, "--device", "null", "--format", "jsonl"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/nonexistent"])
        #expect(alone.status == 0)
        #expect(alone.stderr == "")
        #expect(alone.stdout.contains("audio.finished"))
        let gone = try await TestSupport.run(
            TestSupport.executable("bgaudio"), ["play", clip, "--device", "null", "--format", "jsonl"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(bus.folder)/nobus"])
        #expect(gone.status == 0)
        #expect(gone.stderr.contains("no remote control over MPRIS"))
        #expect(gone.stdout.contains("audio.finished"))
    }
}
