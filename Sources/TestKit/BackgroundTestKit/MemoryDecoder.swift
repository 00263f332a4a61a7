public import BackgroundAudio
import BackgroundCore
import Foundation

/// An ``AudioDecoder`` over bytes in memory: a generated tone, or exact samples to compare bit for bit.
///
/// It can fail on cue (`failAtFrame`), as a truncated or corrupt file does, with an `InputError`.
///
/// ```swift
/// let decoder = MemoryDecoder.tone(AudioFormat(sample: .s16, channels: 2, sampleRate: 8_000), seconds: 1)
/// let player = AudioPlayer(files: ["tone"], output: RecordingAudioOutput(), pacing: .virtual(engine)) { _ in decoder }
/// ```
public final class MemoryDecoder: AudioDecoder, @unchecked Sendable {
    // @unchecked: a decoder has one owner at a time (the player's driver), as the protocol requires.
    public let format: AudioFormat
    public let bytes: [UInt8]
    public var frameCount: Int? { bytes.count / format.bytesPerFrame }
    /// Reading past this frame throws (nil: never).
    public let failAtFrame: Int?
    /// The name errors carry.
    public let name: String
    private var position = 0

    public init(format: AudioFormat, bytes: [UInt8], name: String = "memory", failAtFrame: Int? = nil) {
        self.format = format
        self.bytes = bytes
        self.name = name
        self.failAtFrame = failAtFrame
    }

    /// A sine tone at half of full scale in any sample encoding; every channel carries the same wave.
    public static func tone(
        _ format: AudioFormat, seconds: Double, frequency: Double = 440, name: String = "tone",
        failAtFrame: Int? = nil
    ) -> MemoryDecoder {
        let frames = Int(seconds * Double(format.sampleRate))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frames * format.bytesPerFrame)
        for frame in 0..<frames {
            let value = 0.5 * sin(2 * Double.pi * frequency * Double(frame) / Double(format.sampleRate))
            for _ in 0..<format.channels { append(value, format.sample, to: &bytes) }
        }
        return MemoryDecoder(format: format, bytes: bytes, name: name, failAtFrame: failAtFrame)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, maxFrames: Int) throws -> Int {
        let total = bytes.count / format.bytesPerFrame
        var count = min(maxFrames, total - position)
        if let failAtFrame, position + count > failAtFrame {
            count = max(0, failAtFrame - position)
            if count == 0 {
                throw InputError(file: name, place: .byte(position * format.bytesPerFrame), message: "the data ends in the middle of a frame")
            }
        }
        let start = position * format.bytesPerFrame
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<(start + count * format.bytesPerFrame)]))
        }
        position += count
        return count
    }

    public func seek(toFrame frame: Int) throws {
        position = min(max(0, frame), bytes.count / format.bytesPerFrame)
    }

    private static func append(_ value: Double, _ sample: AudioFormat.Sample, to bytes: inout [UInt8]) {
        func le<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
        switch sample {
        case .u8: bytes.append(UInt8(128 + Int((value * 127).rounded())))
        case .s16: le(Int16((value * 32767).rounded()))
        case .s24Packed:
            let v = Int32((value * 8_388_607).rounded())
            bytes.append(contentsOf: [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16)])
        case .s24In32: le(Int32((value * 8_388_607).rounded()))
        case .s32: le(Int32((value * 2_147_483_647).rounded()))
        case .f32: le(Float(value).bitPattern)
        case .f64: le(value.bitPattern)
        }
    }
}
