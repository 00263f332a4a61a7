import BackgroundCore

/// Decodes PCM and IEEE-float WAV files, in pure Swift, to exactly the bytes of their samples.
///
/// It reads 8-bit (unsigned), 16-, 24- (packed or in 4-byte containers), 32-bit integer PCM and 32- and
/// 64-bit float, plain or WAVE_FORMAT_EXTENSIBLE, in RIFF, RIFX, RF64 or BW64 files (see ``WAVLayout``
/// for what the header may be like). For little-endian files the frames `read` returns are the file's
/// bytes unchanged; RIFX samples are byte-swapped to little-endian. Reads go straight from the file into
/// the caller's buffer: nothing is held in memory but the layout.
///
/// ```swift
/// let decoder = try WAVDecoder(path: "speech.wav")
/// var buffer = [UInt8](repeating: 0, count: 4096 * decoder.format.bytesPerFrame)
/// while case let frames = try buffer.withUnsafeMutableBytes({ try decoder.read(into: $0, maxFrames: 4096) }),
///     frames > 0 { output(buffer.prefix(frames * decoder.format.bytesPerFrame)) }
/// ```
///
/// In a test, synthesise the bytes of a file, write them to a temporary path, and compare what `read`
/// returns with the samples written.
///
/// - Warning: Not thread-safe: one owner reads and seeks.
public final class WAVDecoder: AudioDecoder {
    /// The file's layout: container, encoding, chunks, and where the samples are.
    public let layout: WAVLayout
    public let format: AudioFormat
    public var frameCount: Int? { frames }

    private let reader: FileReader
    private let frames: Int
    private var position = 0

    /// Opens the WAV file at `path` and reads its layout.
    ///
    /// - Throws: `InputError` naming the file, the byte and the problem when the file is not a well-formed
    ///   WAV file or its encoding is not PCM or float of a width this decoder produces.
    public convenience init(path: String) throws {
        let reader = try FileReader(path: path)
        try self.init(reader: reader, layout: WAVLayout(reader: reader))
    }

    /// A decoder reading from `reader`, whose layout has been read already (``AudioFile`` opens, sniffs and
    /// parses each file once).
    package init(reader: FileReader, layout: WAVLayout) throws {
        guard let format = layout.format, let frames = layout.frameCount else {
            throw InputError(
                file: reader.path, place: .byte(layout.fmtOffset + 8),
                message: "\(layout.encodingDescription) is not supported by the WAV decoder")
        }
        self.reader = reader
        self.layout = layout
        self.format = format
        self.frames = frames
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, maxFrames: Int) throws -> Int {
        let wanted = min(max(0, maxFrames), frames - position, buffer.count / layout.blockAlign)
        guard wanted > 0 else { return 0 }
        let byteCount = wanted * layout.blockAlign
        let target = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<byteCount])
        let offset = layout.dataOffset + position * layout.blockAlign
        let got = try reader.read(into: target, at: offset)
        guard got == byteCount else {
            throw InputError(
                file: reader.path, place: .byte(offset + got),
                message: "the file ended early: it was \(reader.size) bytes when opened and shrank while being read")
        }
        if layout.container == .rifx { swapBytes(target, sampleBytes: format.sample.bytes) }
        position += wanted
        return wanted
    }

    public func seek(toFrame frame: Int) throws {
        position = min(max(0, frame), frames)
    }

    /// Reverses the bytes of every `sampleBytes`-wide sample in place (big-endian to little-endian).
    private func swapBytes(_ samples: UnsafeMutableRawBufferPointer, sampleBytes: Int) {
        guard sampleBytes > 1 else { return }
        var start = 0
        while start + sampleBytes <= samples.count {
            var low = start
            var high = start + sampleBytes - 1
            while low < high {
                samples.swapAt(low, high)
                low += 1
                high -= 1
            }
            start += sampleBytes
        }
    }
}
