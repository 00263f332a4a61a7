/// Builds the bytes of WAV files for tests: chunks, fmt bodies and whole files, in either byte order.
///
/// ```swift
/// let fmt = WAVBytes.fmt(tag: 1, channels: 2, rate: 44100, blockAlign: 4, bits: 16)
/// let folder = try TemporaryFolder()
/// let path = try folder.write("test.wav", Data(WAVBytes.file(chunks: [WAVBytes.chunk("fmt ", fmt), WAVBytes.chunk("data", samples)])))
/// ```
package enum WAVBytes {
    package static func integer<T: FixedWidthInteger>(_ value: T, bigEndian: Bool) -> [UInt8] {
        let stored = bigEndian ? value.bigEndian : value.littleEndian
        return withUnsafeBytes(of: stored) { Array($0) }
    }

    package static func u16(_ value: UInt16, _ bigEndian: Bool = false) -> [UInt8] { integer(value, bigEndian: bigEndian) }
    package static func u32(_ value: UInt32, _ bigEndian: Bool = false) -> [UInt8] { integer(value, bigEndian: bigEndian) }
    package static func u64(_ value: UInt64, _ bigEndian: Bool = false) -> [UInt8] { integer(value, bigEndian: bigEndian) }

    /// A chunk: id, size (or `sizeField` when it should lie), body and, for an odd body, a pad byte.
    package static func chunk(
        _ id: String, _ body: [UInt8], bigEndian: Bool = false, sizeField: UInt32? = nil, pad: Bool = true
    ) -> [UInt8] {
        var bytes = Array(id.utf8)
        bytes += u32(sizeField ?? UInt32(body.count), bigEndian)
        bytes += body
        if pad && body.count % 2 == 1 { bytes.append(0) }
        return bytes
    }

    /// The body of a fmt chunk; `extensible` adds cbSize 22, valid bits, mask and the subformat GUID.
    package static func fmt(
        tag: UInt16, channels: UInt16, rate: UInt32, blockAlign: UInt16, bits: UInt16, bigEndian: Bool = false,
        extensible: (validBits: UInt16, mask: UInt32, subformat: UInt16)? = nil
    ) -> [UInt8] {
        var body = u16(extensible == nil ? tag : 0xFFFE, bigEndian) + u16(channels, bigEndian) + u32(rate, bigEndian)
        // The byte rate wraps: hostile files may claim any rate.
        body += u32(rate &* UInt32(blockAlign), bigEndian) + u16(blockAlign, bigEndian) + u16(bits, bigEndian)
        if let extensible {
            body += u16(22, bigEndian) + u16(extensible.validBits, bigEndian) + u32(extensible.mask, bigEndian)
            body += u32(UInt32(extensible.subformat), bigEndian) + u16(0, bigEndian) + u16(0x0010, bigEndian)
            body += [0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
        }
        return body
    }

    /// The body of an RF64 ds64 chunk with a size table of `(id, size)` rows.
    package static func ds64(riffSize: UInt64, dataSize: UInt64, sampleCount: UInt64, table: [(String, UInt64)] = []) -> [UInt8] {
        var body: [UInt8] = u64(riffSize)
        body += u64(dataSize)
        body += u64(sampleCount)
        body += u32(UInt32(table.count))
        for (id, size) in table {
            body += Array(id.utf8)
            body += u64(size)
        }
        return body
    }

    /// A whole file: magic, RIFF size (or `riffSize`), "WAVE" and the chunks.
    package static func file(_ magic: String = "RIFF", chunks: [[UInt8]], riffSize: UInt32? = nil) -> [UInt8] {
        let body = chunks.joined()
        return Array(magic.utf8) + u32(riffSize ?? UInt32(4 + body.count), magic == "RIFX") + Array("WAVE".utf8) + body
    }

    /// `count` bytes of a fixed, non-repeating-looking pattern.
    package static func pattern(_ count: Int, seed: Int = 7) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ seed &+ ($0 >> 8)) }
    }

    /// `samples` with the bytes of every `width`-byte sample reversed (little- to big-endian).
    package static func swapped(_ samples: [UInt8], width: Int) -> [UInt8] {
        stride(from: 0, to: samples.count, by: width).flatMap { samples[$0..<min($0 + width, samples.count)].reversed() }
    }
}
