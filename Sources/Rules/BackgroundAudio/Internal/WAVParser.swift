import BackgroundCore

/// Walks a WAV file's chunk headers and builds its ``WAVLayout``.
///
/// Each step of the walk moves forward by at least the 8 bytes of a chunk header, so the walk ends on any
/// input; sizes are compared with what remains of the file before any offset is computed from them.
struct WAVParser {
    let reader: FileReader

    /// The most channels accepted: 64 covers every speaker layout and third-order ambisonics twice over.
    static let maxChannels = 64
    /// The sample rates accepted.
    static let sampleRates = 1...768_000
    /// The chunks walked at most: real files have a handful; a file of millions of empty chunks is refused
    /// (or, after the data chunk, no longer walked) instead of being listed.
    static let maxChunks = 10_000
    /// The ds64 size-table entries read at most (each names one chunk larger than 4 GiB).
    static let maxTableEntries = 1024

    private struct Fmt {
        var offset: Int
        var size: Int
        var fields: ByteFields
    }

    private struct Data {
        var offset: Int
        var bytes: Int
        var declared: UInt64?
    }

    private struct DS64 {
        var dataSize: UInt64
        var table: [String: UInt64]
    }

    private var path: String { reader.path }
    private var size: Int { reader.size }

    private func failure(_ place: InputError.Place, _ message: String) -> InputError {
        InputError(file: path, place: place, message: message)
    }

    func parse() throws -> WAVLayout {
        let head = ByteFields(bytes: try reader.bytes(at: 0, count: 12), bigEndian: false)
        guard head.bytes.count == 12 else {
            throw failure(.byte(0), "the file is \(size) bytes, too short for a WAV header (12 bytes)")
        }
        let container: WAVLayout.Container
        switch head.fourCC(0) {
        case "RIFF": container = .riff
        case "RIFX": container = .rifx
        case "RF64": container = .rf64
        case "BW64": container = .bw64
        case let magic: throw failure(.byte(0), "not a WAV file: it starts with '\(magic)', not RIFF, RIFX or RF64")
        }
        guard head.fourCC(8) == "WAVE" else {
            throw failure(.byte(8), "the \(container.rawValue) form type is '\(head.fourCC(8))', not WAVE")
        }
        let bigEndian = container == .rifx
        let wide = container == .rf64 || container == .bw64

        var chunks: [WAVChunk] = []
        var fmt: Fmt?
        var data: Data?
        var ds64: DS64?
        var offset = 12
        walk: while size - offset >= 8 {
            if chunks.count == WAVParser.maxChunks {
                if data != nil { break walk }
                throw failure(.byte(offset), "more than \(WAVParser.maxChunks) chunks come before the data chunk")
            }
            let header = ByteFields(bytes: try reader.bytes(at: offset, count: 8), bigEndian: bigEndian)
            let id = header.fourCC(0)
            let size32 = header.u32(4)
            let body = offset + 8
            let remaining = UInt64(size - body)
            if wide && chunks.isEmpty && id != "ds64" {
                throw failure(
                    .byte(offset), "an \(container.rawValue) file must begin with a ds64 chunk, but its first chunk is '\(id)'")
            }
            var declared = UInt64(size32)
            if wide && size32 == 0xFFFF_FFFF, let ds64 {
                declared = id == "data" ? ds64.dataSize : ds64.table[id] ?? declared
            }
            chunks.append(WAVChunk(id: id, offset: offset, size: declared))

            if id == "data" && data == nil {
                // The data size may lie; the samples are what the file holds.
                let unknown = !wide && size32 == 0xFFFF_FFFF
                    || declared == 0 && remaining > 0 && !looksLikeChunk(at: body, wide: wide)
                if unknown {
                    data = Data(offset: body, bytes: Int(remaining), declared: nil)
                    break walk
                }
                data = Data(offset: body, bytes: Int(min(declared, remaining)), declared: declared)
                if declared >= remaining { break walk }
                offset = try next(after: body, length: Int(declared), wide: wide)
                continue walk
            }
            guard declared <= remaining else {
                // A broken chunk after the samples does not stop them from playing.
                if data != nil { break walk }
                throw failure(
                    .byte(offset + 4),
                    "chunk '\(id)' at byte \(offset) claims \(declared) bytes, but only \(remaining) remain in the file")
            }
            let length = Int(declared)
            switch id {
            case "fmt " where fmt == nil:
                guard length >= 16 else {
                    throw failure(.byte(offset + 4), "the fmt chunk is \(length) bytes; at least 16 are needed")
                }
                let fields = ByteFields(bytes: try reader.bytes(at: body, count: min(length, 40)), bigEndian: bigEndian)
                fmt = Fmt(offset: offset, size: length, fields: fields)
            case "ds64" where wide && ds64 == nil:
                ds64 = try readDS64(at: body, length: length, bigEndian: bigEndian)
            default:
                break
            }
            offset = try next(after: body, length: length, wide: wide)
        }

        guard let fmt else { throw failure(.none, "there is no fmt chunk (chunks found: \(Self.names(of: chunks)))") }
        guard let data else { throw failure(.none, "there is no data chunk (chunks found: \(Self.names(of: chunks)))") }
        return try layout(container: container, fmt: fmt, data: data, chunks: chunks)
    }

    /// The first chunks' names, for a message: made only for one (joining them cost every start 0.17 M
    /// instructions, the first use of `joined`).
    private static func names(of chunks: [WAVChunk]) -> String {
        guard !chunks.isEmpty else { return "none" }
        let names = chunks.prefix(8).map(\.id).joined(separator: ", ")
        return chunks.count > 8 ? names + " … \(chunks.count) in all" : names
    }

    /// The offset of the chunk after a body of `length` bytes at `body`: past the pad byte of an odd-sized
    /// chunk, unless the pad byte is missing (the next chunk header starts right after the body instead).
    private func next(after body: Int, length: Int, wide: Bool) throws -> Int {
        let end = body + length
        guard length % 2 == 1, end < size else { return end }
        if !looksLikeChunk(at: end + 1, wide: wide) && looksLikeChunk(at: end, wide: wide) { return end }
        return end + 1
    }

    /// True when a plausible chunk header is at `offset`: a printable id and a size that fits the file.
    private func looksLikeChunk(at offset: Int, wide: Bool) -> Bool {
        guard offset >= 0, size - offset >= 8,
            let bytes = try? reader.bytes(at: offset, count: 8), bytes.count == 8
        else { return false }
        let header = ByteFields(bytes: bytes, bigEndian: false)
        guard header.isPrintableID(0) else { return false }
        let little = UInt64(header.u32(4))
        let big = UInt64(ByteFields(bytes: bytes, bigEndian: true).u32(4))
        let fits = UInt64(size - offset - 8)
        return little <= fits || big <= fits || (wide && little == 0xFFFF_FFFF)
    }

    private func readDS64(at body: Int, length: Int, bigEndian: Bool) throws -> DS64 {
        guard length >= 28 else {
            throw failure(.byte(body - 4), "the ds64 chunk is \(length) bytes; at least 28 are needed")
        }
        let head = ByteFields(bytes: try reader.bytes(at: body, count: 28), bigEndian: bigEndian)
        let entries = min(Int(head.u32(24)), (length - 28) / 12, WAVParser.maxTableEntries)
        var table: [String: UInt64] = [:]
        if entries > 0 {
            let rows = ByteFields(bytes: try reader.bytes(at: body + 28, count: entries * 12), bigEndian: bigEndian)
            for row in 0..<entries { table[rows.fourCC(row * 12)] = rows.u64(row * 12 + 4) }
        }
        return DS64(dataSize: head.u64(8), table: table)
    }

    private func layout(container: WAVLayout.Container, fmt: Fmt, data: Data, chunks: [WAVChunk]) throws -> WAVLayout {
        let f = fmt.fields
        let at = fmt.offset + 8
        let tag = f.u16(0)
        let channels = Int(f.u16(2))
        let sampleRate = Int(f.u32(4))
        let blockAlign = Int(f.u16(12))
        let bits = Int(f.u16(14))
        guard channels > 0 else { throw failure(.byte(at + 2), "the file has 0 channels") }
        guard channels <= WAVParser.maxChannels else {
            throw failure(.byte(at + 2), "\(channels) channels is more than the \(WAVParser.maxChannels) accepted")
        }
        guard WAVParser.sampleRates.contains(sampleRate) else {
            throw failure(.byte(at + 4), "the sample rate \(sampleRate) Hz is outside 1...\(WAVParser.sampleRates.upperBound) Hz")
        }
        guard blockAlign > 0 else { throw failure(.byte(at + 12), "the block align is 0") }

        let extensible = tag == 0xFFFE
        var encoding = WAVLayout.Encoding(tag: tag)
        var validBits = bits
        var channelMask: UInt32?
        if extensible {
            guard fmt.size >= 40 else {
                throw failure(.byte(fmt.offset + 4), "an extensible fmt chunk needs 40 bytes, but this one has \(fmt.size)")
            }
            let valid = Int(f.u16(18))
            if valid != 0 { validBits = valid }
            channelMask = f.u32(20)
            encoding = subformat(f)
        }

        var sample: AudioFormat.Sample?
        switch encoding {
        case .pcm, .float:
            sample = try sampleFormat(
                encoding: encoding, channels: channels, blockAlign: blockAlign, bits: bits, validBits: validBits,
                extensible: extensible, at: at)
        case .compressed, .unknownSubformat:
            sample = nil
        }
        // PCM and float play whole frames only; a partial frame at the end is left out.
        let bytes = sample == nil ? data.bytes : data.bytes - data.bytes % blockAlign
        return WAVLayout(
            container: container, formatTag: tag, encoding: encoding, channels: channels, sampleRate: sampleRate,
            blockAlign: blockAlign, bitsPerSample: bits, validBitsPerSample: validBits, channelMask: channelMask,
            sample: sample, fmtOffset: fmt.offset, dataOffset: data.offset, dataBytes: bytes,
            declaredDataBytes: data.declared, chunks: chunks)
    }

    /// The encoding an extensible file's subformat GUID names: a format tag in the standard base GUID
    /// `XXXXXXXX-0000-0010-8000-00AA00389B71`, or an unknown GUID.
    private func subformat(_ f: ByteFields) -> WAVLayout.Encoding {
        let data1 = f.u32(24)
        let data2 = f.u16(28)
        let data3 = f.u16(30)
        let data4 = (32..<40).map { f.u8($0) }
        if data1 <= 0xFFFF && data2 == 0 && data3 == 0x0010 && data4 == [0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71] {
            return WAVLayout.Encoding(tag: UInt16(data1))
        }
        let tail = data4.map { hex($0, digits: 2) }.joined()
        let guid = "\(hex(data1, digits: 8))-\(hex(data2, digits: 4))-\(hex(data3, digits: 4))-"
            + "\(tail.prefix(4))-\(tail.dropFirst(4))"
        return .unknownSubformat(guid: guid)
    }

    /// The sample format of PCM or float samples, nil for PCM widths no ALSA format carries (48-bit …).
    ///
    /// Each sample is exactly its container: narrower valid bits (12 in 16, 20 in 24) are left-justified
    /// in it, as the format requires, so the container's bytes are the samples. The one exception is
    /// plain PCM with 24 bits in 4-byte containers (as `arecord -f S24_LE` writes it): the low three
    /// bytes hold the sample.
    private func sampleFormat(
        encoding: WAVLayout.Encoding, channels: Int, blockAlign: Int, bits: Int, validBits: Int, extensible: Bool, at: Int
    ) throws -> AudioFormat.Sample? {
        guard bits > 0 else { throw failure(.byte(at + 14), "the file has 0 bits per sample") }
        guard blockAlign % channels == 0 else {
            throw failure(
                .byte(at + 12), "the block align \(blockAlign) is not a whole number of bytes for each of \(channels) channels")
        }
        let container = blockAlign / channels
        if extensible {
            guard container * 8 == bits else {
                throw failure(
                    .byte(at + 12),
                    "the block align \(blockAlign) gives \(container)-byte samples, but bits per sample is \(bits)")
            }
            guard validBits <= bits else {
                throw failure(.byte(at + 18), "\(validBits) valid bits do not fit in \(bits)-bit samples")
            }
        } else {
            let needed = (bits + 7) / 8
            guard container == needed || (encoding == .pcm && bits == 24 && container == 4) else {
                throw failure(
                    .byte(at + 12),
                    "the block align \(blockAlign) does not match \(channels) channel(s) of \(bits)-bit samples "
                        + "(expected \(needed * channels))")
            }
        }
        if encoding == .float {
            switch (container, bits) {
            case (4, 32): return .f32
            case (8, 64): return .f64
            default: throw failure(.byte(at + 14), "IEEE float samples of \(bits) bits do not exist (only 32 and 64)")
            }
        }
        switch container {
        case 1: return .u8
        case 2: return .s16
        case 3: return .s24Packed
        case 4: return !extensible && bits == 24 ? .s24In32 : .s32
        default: return nil
        }
    }
}
