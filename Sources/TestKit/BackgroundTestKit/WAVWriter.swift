package import BackgroundAudio
import Foundation

/// Writes a canonical WAV file (RIFF, a 16-byte fmt chunk, data) holding exact samples, for tests that
/// play a file and compare what reached the device bit for bit.
///
/// Integer samples use format tag 1 (24-bit in a 4-byte container: bits 24, block align 4 per channel),
/// floats tag 3.
///
/// ```swift
/// let tone = MemoryDecoder.tone(format, seconds: 0.5)
/// try WAVWriter.write(tone.bytes, format: format, to: "/tmp/tone.wav")
/// ```
package enum WAVWriter {
    package static func write(_ samples: [UInt8], format: AudioFormat, to path: String) throws {
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        let float = format.sample == .f32 || format.sample == .f64
        let bits = format.sample == .s24In32 ? 24 : format.sample.bytes * 8
        var fmt = le(UInt16(float ? 3 : 1)) + le(UInt16(format.channels)) + le(UInt32(format.sampleRate))
        fmt += le(UInt32(format.sampleRate * format.bytesPerFrame)) + le(UInt16(format.bytesPerFrame)) + le(UInt16(bits))
        var body = Array("WAVE".utf8) + Array("fmt ".utf8) + le(UInt32(fmt.count)) + fmt
        body += Array("data".utf8) + le(UInt32(samples.count)) + samples
        if samples.count % 2 == 1 { body.append(0) }
        let file = Array("RIFF".utf8) + le(UInt32(body.count)) + body
        try Data(file).write(to: URL(fileURLWithPath: path))
    }
}
