import BackgroundAudio
import BackgroundTestKit
import Testing

@Suite struct RecordingAudioOutputTests {
    let format = AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000)

    private func write(_ output: RecordingAudioOutput, frames: Int) throws -> Int {
        let bytes = [UInt8](repeating: 7, count: frames * format.bytesPerFrame)
        return try bytes.withUnsafeBytes { try output.write($0, frameCount: frames) }
    }

    @Test func keepsEveryFrameAndEveryCall() throws {
        let output = RecordingAudioOutput()
        try output.open(format)
        #expect(try write(output, frames: 10) == 10)
        try output.setPaused(true)
        try output.drain()
        output.close()
        output.close()
        #expect(output.bytes == [UInt8](repeating: 7, count: 20))
        #expect(output.calls == [.open(format), .write(frames: 10), .paused(true), .drain, .close])
    }

    @Test func anUnplugOnCueAcceptsTheFramesBeforeItThenFailsUntilReplugged() throws {
        let output = RecordingAudioOutput(device: "usb")
        output.inject(.unplug, afterFrames: 15)
        try output.open(format)
        #expect(try write(output, frames: 10) == 10)
        #expect(try write(output, frames: 10) == 5)
        #expect(throws: AudioOutputError(.deviceUnavailable, "The audio device 'usb' went away (unplugged); playback paused.")) {
            _ = try write(output, frames: 10)
        }
        #expect(throws: AudioOutputError.self) { try output.open(format) }
        output.replug()
        try output.open(format)
        #expect(try write(output, frames: 10) == 10)
        #expect(output.framesWritten == 25)
    }

    @Test func underrunsAndSuspendsAreRecoveredAndCounted() throws {
        let output = RecordingAudioOutput()
        output.inject(.underrun, afterFrames: 3)
        output.inject(.suspend, afterFrames: 12)
        try output.open(format)
        #expect(try write(output, frames: 10) == 10)
        #expect(try write(output, frames: 10) == 10)
        #expect((output.underruns, output.suspends) == (1, 1))
    }

    @Test func busyOnOpenFailsOnce() throws {
        let output = RecordingAudioOutput()
        output.inject(.busyOnOpen)
        let busy: Bool
        do { try output.open(format); busy = false } catch let error as AudioOutputError where error.code == .busy { busy = true }
        #expect(busy)
        try output.open(format)
        #expect(output.format == format)
    }
}

extension RecordingAudioOutputTests {
    @Test func keepsTheAudioOutputContract() {
        #expect(AudioOutputContract.violations(of: RecordingAudioOutput()) == [])
    }
}
