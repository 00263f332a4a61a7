import BackgroundAudio
import BackgroundTestKit
import Foundation
import Glibc
import Testing

/// `bgaudio play` end to end: the built binary, real ALSA, the `file` device (ALSA's file plugin over the
/// null device) capturing exactly what reached ALSA.
@Suite(.enabled(if: TestSupport.toolsAvailable("aplay"), "install alsa-utils (tools/install-deps)"))
struct BGAudioPlayTests {
    static let samples: [AudioFormat.Sample] = [.u8, .s16, .s24Packed, .s24In32, .s32, .f32, .f64]
    /// This test's folder, removed with the suite instance when the test ends.
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "bgaudio-play")
    }

    private func wav(_ name: String, _ format: AudioFormat, seconds: Double) throws -> (path: String, samples: [UInt8]) {
        let tone = MemoryDecoder.tone(format, seconds: seconds)
        let path = "\(folder.path)/\(name).wav"
        try WAVWriter.write(tone.bytes, format: format, to: path)
        return (path, tone.bytes)
    }

    @Test(arguments: samples)
    func everySampleFormatReachesALSABitForBit(sample: AudioFormat.Sample) async throws {
        let file = try wav(sample.rawValue, AudioFormat(sample: sample, channels: 2, sampleRate: 44_100), seconds: 0.4)
        let raw = "\(folder.path)/\(sample.rawValue).raw"
        let result = try await TestSupport.run(
            TestSupport.executable("bgaudio"), ["play", file.path, "--device", "file:'\(raw)',raw", "--volume", "1", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: raw)) == Data(file.samples))
    }

    @Test func theEventStreamHasStartedAndFinishedForEachFile() async throws {
        let format = AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000)
        let a = try wav("a", format, seconds: 0.2)
        let b = try wav("b", format, seconds: 0.1)
        let result = try await TestSupport.run(
            TestSupport.executable("bgaudio"), ["play", a.path, b.path, "--device", "null", "--format", "jsonl"])
        #expect(result.status == 0)
        let events = result.stdout.split(separator: "\n").map { line -> String in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return "\(object?["event"] ?? "?") \((object?["file"] as? String).map { ($0 as NSString).lastPathComponent } ?? "")"
        }
        #expect(events == ["audio.started a.wav", "audio.finished a.wav", "audio.started b.wav", "audio.finished b.wav"])
    }

    @Test func halfVolumeIsAppliedToTheSamples() async throws {
        let format = AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000)
        let file = try wav("half", format, seconds: 0.2)
        let raw = "\(folder.path)/half.raw"
        let result = try await TestSupport.run(
            TestSupport.executable("bgaudio"), ["play", file.path, "--device", "file:'\(raw)',raw", "--volume", "0.5", "--quiet"])
        #expect(result.status == 0)
        let played = try Data(contentsOf: URL(fileURLWithPath: raw))
        let expected = stride(from: 0, to: file.samples.count, by: 2).flatMap { i -> [UInt8] in
            let value = Int16(bitPattern: UInt16(file.samples[i]) | UInt16(file.samples[i + 1]) << 8)
            let half = UInt16(bitPattern: Int16((Double(value) * 0.5).rounded()))
            return [UInt8(half & 0xFF), UInt8(half >> 8)]
        }
        #expect(played == Data(expected))
    }

    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/proc/asound/cards"), "this machine has a sound card"))
    func theDefaultDeviceWithoutASoundCardExplainsWhatToDo() async throws {
        let file = try wav("nocard", AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000), seconds: 0.1)
        let result = try await TestSupport.run(TestSupport.executable("bgaudio"), ["play", file.path, "--quiet"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("No sound card found"))
        #expect(result.stderr.contains("--device null"))
        #expect(!result.stderr.contains("ALSA lib"))
    }

    @Test func aMissingFileFailsWithItsNameAndTheOthersStillPlay() async throws {
        let file = try wav("ok", AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000), seconds: 0.1)
        let result = try await TestSupport.run(
            TestSupport.executable("bgaudio"), ["play", "\(folder.path)/missing.wav", file.path, "--device", "null", "--format", "jsonl"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("missing.wav"))
        #expect(result.stdout.contains("\"event\":\"audio.finished\",\"file\":\"\(file.path)\",\"success\":true"))
    }

    @Test(arguments: [["--volume", "1.5"], ["--start", "-2"]])
    func badOptionsAreUsageErrors(_ options: [String]) async throws {
        let result = try await TestSupport.run(TestSupport.executable("bgaudio"), ["play", "x.wav"] + options)
        #expect(result.status == 64)
    }

    @Test(arguments: SignalCase.all)
    func aSignalStopsPlayingCleanly(_ interruption: SignalCase) async throws {
        let file = try wav("long", AudioFormat(sample: .s16, channels: 2, sampleRate: 44_100), seconds: 1)
        // Looping forever on the null device: only the signal ends it.
        let play = try SignalledProcess(TestSupport.executable("bgaudio"), ["play", file.path, "--device", "null", "--loop", "-1", "--format", "jsonl"])
        defer { play.killGroup() }
        try await play.waitForLines(1)
        #expect(play.stdout.contains("audio.started"))
        // Playing takes the main thread, the player's writer and the signal thread: no Swift concurrency
        // pool, whose libdispatch monitor would wake the process every second.
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(play.pid)/task")
        #expect(threads.count == 3, "threads: \(threads.count)")

        play.signal(interruption.signal)

        #expect(try await play.waitForExit() == .exited(interruption.status), "\(play.stderr)")
        #expect(!play.groupIsAlive)
    }
}
