@testable import ALSAAudio
import BackgroundAudio
import BackgroundTestKit
import MockingScripts
import Foundation
import Glibc
import Testing

private let format = AudioFormat(sample: .s16, channels: 2, sampleRate: 8_000)

/// A scratch path for one test's raw output.
private func scratch(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("bgkit-alsa-\(getpid())-\(name)").path
}

/// Opens `device` with a mock installed, writes `frames` of silence and returns the output and the calls.
private func writeWithMock(
    _ script: [String: [CInt]], device: String = "null", frames: Int = 2_000
) throws -> (output: ALSAOutput, written: Int, calls: [String]) {
    let mock = ALSAMock(script)
    let output = ALSAOutput(device: device)
    output.resumeRetryMicroseconds = 1_000
    let bytes = [UInt8](repeating: 0, count: frames * format.bytesPerFrame)
    let written = try ALSAMocking.$current.withValue(mock) {
        try output.open(format)
        defer { output.close() }
        return try bytes.withUnsafeBytes { try output.write($0, frameCount: frames) }
    }
    return (output, written, mock.calls)
}

@Suite(.enabled(if: TestSupport.toolsAvailable("aplay"), "install alsa-utils (tools/install-deps)"))
struct ALSAOutputTests {
    static let samples: [AudioFormat.Sample] = [.u8, .s16, .s24Packed, .s24In32, .s32, .f32, .f64]

    @Test(arguments: samples)
    func theFileDeviceReceivesTheSamplesBitForBit(sample: AudioFormat.Sample) throws {
        let format = AudioFormat(sample: sample, channels: 2, sampleRate: 22_050)
        let tone = MemoryDecoder.tone(format, seconds: 0.3)
        let path = scratch("direct-\(sample.rawValue).raw")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = ALSAOutput(device: "file:'\(path)',raw")
        try output.open(format)
        let written = try tone.bytes.withUnsafeBytes { try output.write($0, frameCount: tone.frameCount!) }
        try output.drain()
        output.close()
        #expect(written == tone.frameCount)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(tone.bytes))
    }

    @Test(arguments: ["null", "file:'/dev/null',raw"])
    func keepsTheAudioOutputContract(device: String) {
        #expect(AudioOutputContract.violations(of: ALSAOutput(device: device)) == [])
    }

    @Test func openingGrantsAnAplayLikeBufferAndPeriod() throws {
        let output = ALSAOutput(device: "null")
        try output.open(format)
        defer { output.close() }
        let granted = try #require(output.configuration)
        #expect(granted.bufferFrames <= format.sampleRate / 2 + 1)
        #expect(granted.periodFrames * 4 <= granted.bufferFrames + 4)
        #expect(granted.periodFrames > 0)
    }

    @Test func anUnderrunIsRecoveredByPreparing() throws {
        let run = try writeWithMock(["snd_pcm_writei": [-EPIPE]])
        #expect(run.written == 2_000)
        #expect(run.output.underrunsRecovered == 1)
        let first = try #require(run.calls.firstIndex(of: "snd_pcm_writei"))
        #expect(Array(run.calls[first...].prefix(3)) == ["snd_pcm_writei", "snd_pcm_prepare", "snd_pcm_writei"])
    }

    @Test func aSuspendIsResumedUntilItStopsSayingAgain() throws {
        let run = try writeWithMock(["snd_pcm_writei": [-ESTRPIPE], "snd_pcm_resume": [-EAGAIN, -EAGAIN, 0]])
        #expect(run.written == 2_000)
        #expect(run.output.suspendsRecovered == 1)
        let first = try #require(run.calls.firstIndex(of: "snd_pcm_writei"))
        #expect(Array(run.calls[first...].prefix(5)) == [
            "snd_pcm_writei", "snd_pcm_resume", "snd_pcm_resume", "snd_pcm_resume", "snd_pcm_writei",
        ])
    }

    @Test func aSuspendThatCannotResumePreparesInstead() throws {
        let run = try writeWithMock(["snd_pcm_writei": [-ESTRPIPE], "snd_pcm_resume": [-ENOSYS]])
        #expect(run.written == 2_000)
        let first = try #require(run.calls.firstIndex(of: "snd_pcm_writei"))
        #expect(Array(run.calls[first...].prefix(4)) == ["snd_pcm_writei", "snd_pcm_resume", "snd_pcm_prepare", "snd_pcm_writei"])
    }

    @Test func anUnpluggedDeviceIsAFinalClearError() throws {
        #expect {
            _ = try writeWithMock(["snd_pcm_writei": [-ENODEV]])
        } throws: { error in
            let error = try #require(error as? AudioOutputError)
            return error.code == .deviceUnavailable && error.message.contains("went away") && error.message.contains("No such device")
        }
    }

    @Test func aBusyDeviceFailsAtOnceWithoutWaiting() throws {
        #expect {
            _ = try writeWithMock(["snd_pcm_open": [-EBUSY]], device: "hw:0,0")
        } throws: { error in
            let error = try #require(error as? AudioOutputError)
            return error.code == .busy && error.message.hasPrefix("The audio device 'hw:0,0' is busy")
        }
    }

    @Test func aRefusedFormatSuggestsAPlugDevice() throws {
        #expect {
            _ = try writeWithMock(["snd_pcm_hw_params_set_format": [-EINVAL]])
        } throws: { error in
            let error = try #require(error as? AudioOutputError)
            return error.code == .formatNotSupported && error.message.contains("cannot play s16 samples") && error.message.contains("plug")
        }
    }

    @Test(.enabled(if: ALSADevices.cards().isEmpty, "this machine has a sound card"))
    func withoutASoundCardTheDefaultDeviceSaysSoAndSuggestsAlternatives() throws {
        #expect {
            try ALSAOutput(device: "default").open(format)
        } throws: { error in
            let error = try #require(error as? AudioOutputError)
            return error.code == .deviceUnavailable && error.message.hasPrefix("No sound card found")
                && error.message.contains("--device null") && error.message.contains("file:")
                && error.message.contains("Unknown PCM default")
        }
    }

    @Test func anUnknownDeviceSaysItDoesNotExistWithALSAsOwnDiagnostic() throws {
        #expect {
            try ALSAOutput(device: "nosuchpcm").open(format)
        } throws: { error in
            let error = try #require(error as? AudioOutputError)
            return error.code == .deviceUnavailable && error.message.hasPrefix("The audio device 'nosuchpcm' does not exist")
                && error.message.contains("ALSA says: Unknown PCM nosuchpcm.") && error.message.contains("bgaudio devices")
        }
    }

    /// ALSA's diagnostics belong to the thread whose call caused them: two outputs on two threads must not
    /// read each other's (a `null` device once threw another test's `file` device write failure).
    @Test func diagnosticsStayWithTheThreadThatCausedThem() async {
        ALSALog.install()
        let elsewhere: [String] = await withCheckedContinuation { continuation in
            Thread {
                var pcm: OpaquePointer?
                _ = system_snd_pcm_open(&pcm, "nosuchpcm-elsewhere", 0)
                let said = ALSALog.take()
                _ = system_snd_pcm_open(&pcm, "nosuchpcm-elsewhere", 0)  // said again, and left untaken
                continuation.resume(returning: said)
            }.start()
        }
        #expect(elsewhere.contains { $0.contains("nosuchpcm-elsewhere") }, "\(elsewhere)")
        #expect(!ALSALog.take().contains { $0.contains("nosuchpcm-elsewhere") })
    }

    @Test func aFileDeviceThatCannotWriteItsFileFails() throws {
        let output = ALSAOutput(device: "file:'/nonexistent-bgkit-folder/out.raw',raw")
        try output.open(format)
        defer { output.close() }
        let bytes = [UInt8](repeating: 0, count: 44_100 * format.bytesPerFrame)
        #expect {
            _ = try bytes.withUnsafeBytes { try output.write($0, frameCount: 44_100) }
        } throws: { error in
            "\(error)".contains("/nonexistent-bgkit-folder/out.raw write failed")
        }
    }

    @Test func pauseAndResumeKeepTheDeviceUsable() throws {
        let output = ALSAOutput(device: "null")
        try output.open(format)
        defer { output.close() }
        let bytes = [UInt8](repeating: 0, count: 8_000 * format.bytesPerFrame)
        _ = try bytes.withUnsafeBytes { try output.write($0, frameCount: 8_000) }
        try output.setPaused(true)
        try output.setPaused(false)
        _ = try bytes.withUnsafeBytes { try output.write($0, frameCount: 8_000) }
        #expect(try output.delay() >= 0)
        try output.drop()
        try output.drain()
    }

    @Test func theNullDeviceIsListed() {
        #expect(ALSADevices.pcms().contains { $0.name == "null" && $0.canPlay })
    }
}
