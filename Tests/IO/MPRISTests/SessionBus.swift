import BackgroundAudio
import BackgroundTestKit
import Foundation
import Testing

/// A private `dbus-daemon --session` on a socket in a temporary folder, for one test: killed (and its
/// folder removed) by ``stop()``.
final class SessionBus {
    let folder: String
    let address: String
    private let daemon = Process()

    init() throws {
        folder = NSTemporaryDirectory() + "bgkit-bus-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        address = "unix:path=\(folder)/bus"
        daemon.executableURL = URL(fileURLWithPath: TestSupport.which("dbus-daemon") ?? "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--address=\(address)"]
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: "\(folder)/bus") { usleep(20_000) }
    }

    /// The environment of a program on this bus (and on no other).
    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": folder] }

    /// `playerctl ARGUMENTS` on this bus: its standard output, trimmed.
    func playerctl(_ arguments: String...) async throws -> String {
        let result = try await TestSupport.run(
            TestSupport.which("playerctl") ?? "/usr/bin/playerctl", arguments, environment: environment, timeLimit: .seconds(20))
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        // dbus-daemon does not end on SIGTERM.
        if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) }
        daemon.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Waits until `file` holds `count` lines of the event `event` (a run's `--format jsonl` stream).
    static func waitFor(_ event: String, in file: String, count: Int) async throws {
        for _ in 0..<200 {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            if text.components(separatedBy: "\"event\":\"\(event)\"").count - 1 >= count { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("no \(count) × \(event) in \(file): \((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")")
    }

    /// A WAV file of `seconds` of silence (16-bit stereo, 44.1 kHz) whose LIST/INFO chunk names its title,
    /// artist and album (INAM, IART, IPRD), as tagging tools write them.
    static func taggedWAV(_ path: String, seconds: Int, title: String, artist: String, album: String) throws {
        let format = AudioFormat(sample: .s16, channels: 2, sampleRate: 44_100)
        try WAVWriter.write([UInt8](repeating: 0, count: seconds * 44_100 * 4), format: format, to: path)
        func le(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        var info = Array("INFO".utf8)
        for (id, text) in [("INAM", title), ("IART", artist), ("IPRD", album)] {
            var bytes = Array(text.utf8) + [0]
            if bytes.count % 2 == 1 { bytes.append(0) }
            info += Array(id.utf8) + le(UInt32(bytes.count)) + bytes
        }
        var file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        file += Array("LIST".utf8) + le(UInt32(info.count)) + info
        file.replaceSubrange(4..<8, with: le(UInt32(file.count - 8)))
        try Data(file).write(to: URL(fileURLWithPath: path))
    }
}
