package import BackgroundAudio

/// The ``AudioOutput`` contract as a check every conformer must pass: `RecordingAudioOutput` and
/// `ALSAOutput` both run it in their tests.
///
/// ```swift
/// #expect(AudioOutputContract.violations(of: ALSAOutput(device: "null")) == [])
/// ```
package enum AudioOutputContract {
    /// What the output did wrong, one sentence each; empty when it keeps the contract.
    package static func violations(
        of output: any AudioOutput, format: AudioFormat = AudioFormat(sample: .s16, channels: 2, sampleRate: 8_000)
    ) -> [String] {
        var problems: [String] = []
        func step(_ what: String, _ body: () throws -> Void) {
            do { try body() } catch { problems.append("\(what) threw \(error)") }
        }
        let frames = format.sampleRate / 10
        let bytes = [UInt8](repeating: 0, count: frames * format.bytesPerFrame)
        func writeAll(_ what: String) {
            step(what) {
                var done = 0
                while done < frames {
                    let accepted = try bytes.withUnsafeBytes { buffer in
                        try output.write(UnsafeRawBufferPointer(rebasing: buffer[(done * format.bytesPerFrame)...]), frameCount: frames - done)
                    }
                    guard accepted > 0, accepted <= frames - done else {
                        problems.append("\(what) accepted \(accepted) of \(frames - done) frames")
                        return
                    }
                    done += accepted
                }
            }
        }
        step("open") { try output.open(format) }
        writeAll("write")
        step("pause") { try output.setPaused(true) }
        step("pausing twice") { try output.setPaused(true) }
        step("delay") {
            if try output.delay() < 0 { problems.append("delay was negative") }
        }
        step("resume") { try output.setPaused(false) }
        step("drop") { try output.drop() }
        writeAll("write after drop")
        step("drain") { try output.drain() }
        output.close()
        output.close()
        var mono = format
        mono.channels = 1
        step("reopen with another format") { try output.open(mono) }
        output.close()
        return problems
    }
}
