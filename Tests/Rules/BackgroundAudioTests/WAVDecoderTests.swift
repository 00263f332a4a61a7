import BackgroundAudio
import BackgroundCore
import BackgroundTestKit
import Foundation
import Testing

/// A synthesised WAV file and the little-endian samples it must decode to.
struct DecodeCase: CustomTestStringConvertible, Sendable {
    var name: String
    var file: [UInt8]
    var format: AudioFormat
    var expected: [UInt8]
    var testDescription: String { name }
}

/// A malformed or unsupported WAV file and the error it must give.
struct RefusalCase: CustomTestStringConvertible, Sendable {
    var name: String
    var file: [UInt8]
    var place: InputError.Place
    var fragment: String
    var testDescription: String { name }
}

private typealias W = WAVBytes

@Suite struct WAVDecoderTests {
    static let decodeCases: [DecodeCase] = {
        var cases: [DecodeCase] = []
        /// A file of `frames` frames of `sample`, with the given fmt parameters and extra chunks.
        func add(
            _ name: String, _ sample: AudioFormat.Sample, channels: Int = 1, tag: UInt16 = 1, bits: UInt16,
            extensible: (validBits: UInt16, mask: UInt32, subformat: UInt16)? = nil, magic: String = "RIFF",
            frames: Int = 5, before: [[UInt8]] = [], after: [[UInt8]] = []
        ) {
            let big = magic == "RIFX"
            let expected = W.pattern(frames * channels * sample.bytes)
            let stored = big ? W.swapped(expected, width: sample.bytes) : expected
            let fmt = W.fmt(
                tag: tag, channels: UInt16(channels), rate: 44100, blockAlign: UInt16(channels * sample.bytes),
                bits: bits, bigEndian: big, extensible: extensible)
            let chunks = before + [W.chunk("fmt ", fmt, bigEndian: big), W.chunk("data", stored, bigEndian: big)] + after
            cases.append(
                DecodeCase(
                    name: name, file: W.file(magic, chunks: chunks),
                    format: AudioFormat(sample: sample, channels: channels, sampleRate: 44100), expected: expected))
        }
        let list = W.chunk("LIST", Array("INFOISFT".utf8) + W.u32(5) + Array("bgki\0".utf8))
        add("PCM 8-bit mono, odd data with its pad byte, LIST after data", .u8, bits: 8, frames: 7, after: [list])
        add("PCM 16-bit stereo", .s16, channels: 2, bits: 16)
        add("PCM 24-bit packed mono (odd data)", .s24Packed, bits: 24)
        add("PCM 24-bit in 4-byte containers, stereo", .s24In32, channels: 2, bits: 24)
        add("PCM 32-bit stereo", .s32, channels: 2, bits: 32)
        add("IEEE float 32 mono", .f32, tag: 3, bits: 32)
        add("IEEE float 64 stereo", .f64, channels: 2, tag: 3, bits: 64)
        add("EXTENSIBLE PCM 16 stereo", .s16, channels: 2, bits: 16, extensible: (16, 0x3, 1))
        add("EXTENSIBLE 24 valid bits in 32", .s32, channels: 2, bits: 32, extensible: (24, 0x3, 1))
        add("EXTENSIBLE 20 valid bits in 24", .s24Packed, bits: 24, extensible: (20, 0x4, 1))
        add("EXTENSIBLE 12 valid bits in 16", .s16, bits: 16, extensible: (12, 0x4, 1))
        add("EXTENSIBLE valid bits 0 means all", .s16, bits: 16, extensible: (0, 0x4, 1))
        add("EXTENSIBLE float 32", .f32, bits: 32, extensible: (32, 0x4, 3))
        add("EXTENSIBLE float 64 quad", .f64, channels: 4, bits: 64, extensible: (64, 0x33, 3))
        add("RIFX 8-bit", .u8, bits: 8, magic: "RIFX")
        add("RIFX 16-bit stereo", .s16, channels: 2, bits: 16, magic: "RIFX")
        add("RIFX 24-bit packed", .s24Packed, bits: 24, magic: "RIFX")
        add("RIFX 32-bit", .s32, bits: 32, magic: "RIFX")
        add("RIFX float 32", .f32, tag: 3, bits: 32, magic: "RIFX")
        add("RIFX float 64", .f64, channels: 2, tag: 3, bits: 64, magic: "RIFX")
        add("RIFX EXTENSIBLE 16", .s16, channels: 2, bits: 16, extensible: (16, 0x3, 1), magic: "RIFX")
        let junk = W.chunk("JUNK", W.pattern(5))  // odd, with its pad byte
        let fact = W.chunk("fact", W.u32(5))
        let bext = W.chunk("bext", [UInt8](repeating: 0x20, count: 602))
        let cue = W.chunk("cue ", W.u32(0))
        let unknown = W.chunk("abcd", W.pattern(3))
        add(
            "JUNK before fmt; fact, bext, cue and unknown chunks before data; LIST after", .s16, channels: 2,
            bits: 16, before: [junk], after: [fact, bext, cue, unknown, list])

        // Hand-assembled files: sizes that lie, chunks out of order, RF64.
        let samples = W.pattern(40)
        let format = AudioFormat(sample: .s16, channels: 2, sampleRate: 44100)
        let fmt = W.chunk("fmt ", W.fmt(tag: 1, channels: 2, rate: 44100, blockAlign: 4, bits: 16))
        func raw(_ name: String, _ chunks: [[UInt8]], expected: [UInt8], magic: String = "RIFF", riffSize: UInt32? = nil) {
            cases.append(
                DecodeCase(
                    name: name, file: W.file(magic, chunks: chunks, riffSize: riffSize), format: format,
                    expected: expected))
        }
        raw("data size 0xFFFFFFFF: to the end of the file",
            [fmt, W.chunk("data", samples, sizeField: 0xFFFF_FFFF)], expected: samples, riffSize: 0xFFFF_FFFF)
        raw("data size larger than the file: what is there", [fmt, W.chunk("data", samples, sizeField: 1_000_000)],
            expected: samples)
        raw("data size 0 with samples after it (a stream's header)", [fmt, W.chunk("data", samples, sizeField: 0)],
            expected: samples, riffSize: 0)
        raw("data size 0 followed by a chunk: no samples", [fmt, W.chunk("data", []), list], expected: [])
        raw("a partial last frame is left out", [fmt, W.chunk("data", Array(samples[0..<10]))],
            expected: Array(samples[0..<8]))
        raw("fmt after data", [W.chunk("data", samples), fmt], expected: samples)
        raw("odd chunk without its pad byte before fmt", [W.chunk("odd ", W.pattern(3), pad: false), fmt, W.chunk("data", samples)],
            expected: samples)
        raw("odd data chunk last, without its pad byte", [fmt, W.chunk("data", Array(samples[0..<39]), pad: false)],
            expected: Array(samples[0..<36]))
        for magic in ["RF64", "BW64"] {
            let ds64 = W.chunk("ds64", W.ds64(riffSize: 132, dataSize: 40, sampleCount: 10))
            raw("\(magic): data size from ds64, LIST after data",
                [ds64, fmt, W.chunk("data", samples, sizeField: 0xFFFF_FFFF), list], expected: samples, magic: magic,
                riffSize: 0xFFFF_FFFF)
        }
        let ds64Table = W.chunk("ds64", W.ds64(riffSize: 0, dataSize: 40, sampleCount: 10, table: [("JUNK", 6)]))
        raw("RF64: a chunk's size from the ds64 table",
            [ds64Table, W.chunk("JUNK", W.pattern(6), sizeField: 0xFFFF_FFFF), fmt,
             W.chunk("data", samples, sizeField: 0xFFFF_FFFF)], expected: samples, magic: "RF64", riffSize: 0xFFFF_FFFF)
        return cases
    }()

    @Test(arguments: decodeCases)
    func decodesSamplesExactly(_ testCase: DecodeCase) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(testCase.file))
        let decoder = try WAVDecoder(path: path)
        #expect(decoder.format == testCase.format)
        #expect(decoder.frameCount == testCase.expected.count / testCase.format.bytesPerFrame)
        #expect(try decodeAll(decoder, chunk: 3) == testCase.expected)
        // Reading everything in one go gives the same bytes.
        try decoder.seek(toFrame: 0)
        #expect(try decodeAll(decoder, chunk: 4096) == testCase.expected)
    }

    @Test func seeksByFrameAndClamps() throws {
        let samples = W.pattern(40)
        let fmt = W.chunk("fmt ", W.fmt(tag: 1, channels: 2, rate: 8000, blockAlign: 4, bits: 16))
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(W.file(chunks: [fmt, W.chunk("data", samples)])))
        let decoder = try WAVDecoder(path: path)
        try decoder.seek(toFrame: 4)
        #expect(try decodeAll(decoder, chunk: 3) == Array(samples[16...]))
        try decoder.seek(toFrame: 1000)
        #expect(try decodeAll(decoder, chunk: 3).isEmpty)
        try decoder.seek(toFrame: -3)
        #expect(try decodeAll(decoder, chunk: 3) == samples)
    }

    @Test func readsNoMoreThanTheBufferHolds() throws {
        let samples = W.pattern(40)
        let fmt = W.chunk("fmt ", W.fmt(tag: 1, channels: 2, rate: 8000, blockAlign: 4, bits: 16))
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(W.file(chunks: [fmt, W.chunk("data", samples)])))
        let decoder = try WAVDecoder(path: path)
        var buffer = [UInt8](repeating: 0, count: 9)  // two whole frames and a byte
        let frames = try buffer.withUnsafeMutableBytes { try decoder.read(into: $0, maxFrames: 100) }
        #expect(frames == 2)
        #expect(Array(buffer[0..<8]) == Array(samples[0..<8]))
        #expect(buffer[8] == 0)
        #expect(try buffer.withUnsafeMutableBytes { try decoder.read(into: $0, maxFrames: 0) } == 0)
    }

    static let refusalCases: [RefusalCase] = {
        let fmt16 = W.fmt(tag: 1, channels: 1, rate: 8000, blockAlign: 2, bits: 16)
        let data = W.chunk("data", W.pattern(8))
        func with(fmt: [UInt8]) -> [UInt8] { W.file(chunks: [W.chunk("fmt ", fmt), data]) }
        func patched(_ offset: Int, _ value: [UInt8]) -> [UInt8] {
            var body = fmt16
            body.replaceSubrange(offset..<(offset + value.count), with: value)
            return with(fmt: body)
        }
        let good = with(fmt: fmt16)
        var formType = good
        formType.replaceSubrange(8..<12, with: Array("AVI ".utf8))
        var magic = good
        magic.replaceSubrange(0..<4, with: Array("RIFY".utf8))
        let guid = W.fmt(tag: 1, channels: 1, rate: 8000, blockAlign: 2, bits: 16, extensible: (16, 4, 1))
        var unknownGUID = guid
        unknownGUID[34] = 0x11
        return [
            RefusalCase(name: "empty file", file: [], place: .byte(0), fragment: "too short"),
            RefusalCase(name: "truncated header", file: Array(good[0..<8]), place: .byte(0), fragment: "too short"),
            RefusalCase(name: "wrong magic", file: magic, place: .byte(0), fragment: "not a WAV file"),
            RefusalCase(name: "form type not WAVE", file: formType, place: .byte(8), fragment: "not WAVE"),
            RefusalCase(name: "no fmt chunk", file: W.file(chunks: [data]), place: .none, fragment: "no fmt chunk"),
            RefusalCase(
                name: "no data chunk", file: W.file(chunks: [W.chunk("fmt ", fmt16)]), place: .none,
                fragment: "no data chunk"),
            RefusalCase(
                name: "fmt too short", file: with(fmt: Array(fmt16[0..<14])), place: .byte(16),
                fragment: "at least 16"),
            RefusalCase(name: "zero channels", file: patched(2, W.u16(0)), place: .byte(22), fragment: "0 channels"),
            RefusalCase(name: "200 channels", file: patched(2, W.u16(200)), place: .byte(22), fragment: "200 channels"),
            RefusalCase(name: "sample rate 0", file: patched(4, W.u32(0)), place: .byte(24), fragment: "sample rate 0"),
            RefusalCase(
                name: "sample rate 5 MHz", file: patched(4, W.u32(5_000_000)), place: .byte(24),
                fragment: "sample rate 5000000"),
            RefusalCase(name: "block align 0", file: patched(12, W.u16(0)), place: .byte(32), fragment: "block align is 0"),
            RefusalCase(
                name: "block align mismatch", file: patched(12, W.u16(3)), place: .byte(32), fragment: "expected 2"),
            RefusalCase(name: "0 bits per sample", file: patched(14, W.u16(0)), place: .byte(34), fragment: "0 bits"),
            RefusalCase(
                name: "16-bit float", file: with(fmt: W.fmt(tag: 3, channels: 1, rate: 8000, blockAlign: 2, bits: 16)),
                place: .byte(34), fragment: "only 32 and 64"),
            RefusalCase(
                name: "extensible fmt of 18 bytes",
                file: with(fmt: W.fmt(tag: 0xFFFE, channels: 1, rate: 8000, blockAlign: 2, bits: 16) + W.u16(0)),
                place: .byte(16), fragment: "needs 40 bytes"),
            RefusalCase(
                name: "more valid bits than the container",
                file: with(fmt: W.fmt(tag: 1, channels: 1, rate: 8000, blockAlign: 2, bits: 16, extensible: (20, 4, 1))),
                place: .byte(38), fragment: "20 valid bits"),
            RefusalCase(
                name: "extensible container and bits disagree",
                file: with(fmt: W.fmt(tag: 1, channels: 1, rate: 8000, blockAlign: 3, bits: 16, extensible: (16, 4, 1))),
                place: .byte(32), fragment: "3-byte samples"),
            RefusalCase(
                name: "a chunk larger than the file before data",
                file: W.file(chunks: [W.chunk("JUNK", W.pattern(4), sizeField: 1000), W.chunk("fmt ", fmt16), data]),
                place: .byte(16), fragment: "claims 1000 bytes"),
            RefusalCase(
                name: "RF64 without ds64", file: W.file("RF64", chunks: [W.chunk("fmt ", fmt16), data]),
                place: .byte(12), fragment: "must begin with a ds64 chunk"),
            RefusalCase(
                name: "RF64 with a short ds64",
                file: W.file("RF64", chunks: [W.chunk("ds64", W.pattern(10)), W.chunk("fmt ", fmt16), data]),
                place: .byte(16), fragment: "at least 28"),
            RefusalCase(
                name: "A-law", file: with(fmt: W.fmt(tag: 6, channels: 1, rate: 8000, blockAlign: 1, bits: 8)),
                place: .byte(20), fragment: "A-law (format tag 0x0006) is not supported"),
            RefusalCase(
                name: "IMA ADPCM", file: with(fmt: W.fmt(tag: 0x11, channels: 1, rate: 8000, blockAlign: 256, bits: 4)),
                place: .byte(20), fragment: "IMA ADPCM (format tag 0x0011) is not supported"),
            RefusalCase(
                name: "48-bit PCM",
                file: with(fmt: W.fmt(tag: 1, channels: 1, rate: 8000, blockAlign: 6, bits: 48, extensible: (48, 4, 1))),
                place: .byte(20), fragment: "48-bit PCM is not supported"),
            RefusalCase(
                name: "unknown subformat GUID", file: with(fmt: unknownGUID), place: .byte(20),
                fragment: "extensible subformat 00000001-0000-0010-8000-11AA00389B71 is not supported"),
        ]
    }()

    @Test(arguments: refusalCases)
    func refusesWithFileBytePlaceAndProblem(_ testCase: RefusalCase) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(testCase.file))
        let error = #expect(throws: InputError.self) { try WAVDecoder(path: path) }
        #expect(error?.file == path)
        #expect(error?.place == testCase.place)
        #expect(error?.message.contains(testCase.fragment) == true, "\(error?.description ?? "")")
    }

    @Test func refusesAMissingFileAndADirectory() throws {
        let missing = #expect(throws: InputError.self) { try WAVDecoder(path: "/nonexistent/bgkit.wav") }
        #expect(missing?.description == "/nonexistent/bgkit.wav: cannot open the file: No such file or directory")
        let folder = #expect(throws: InputError.self) { try WAVDecoder(path: "/tmp") }
        #expect(folder?.description == "/tmp: is a directory, not an audio file")
    }
}

@Suite struct WAVDecoderCorpusTests {
    static func wavFiles(_ root: String) throws -> [String] {
        let folders = [root + "/wav", root + "/wav/malformed"]
        return try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".wav") }.sorted()
                .map { folder + "/" + $0 }
        }
    }

    /// Decodes `path` to the end, or returns the InputError it gives; any other error fails the test.
    static func outcome(_ path: String) throws -> (decoder: WAVDecoder?, bytes: [UInt8], error: InputError?) {
        do {
            let decoder = try WAVDecoder(path: path)
            return (decoder, try decodeAll(decoder, chunk: 4096), nil)
        } catch let error as InputError {
            return (nil, [], error)
        }
    }

    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"))
    func everyFileDecodesToTheEndOrFailsNamingTheFile() throws {
        let root = try #require(TestSupport.sharedTestdata)
        let files = try WAVDecoderCorpusTests.wavFiles(root)
        #expect(files.count >= 55)
        var decoded = 0
        for path in files {
            let result = try WAVDecoderCorpusTests.outcome(path)
            if let decoder = result.decoder {
                #expect(result.bytes.count == (decoder.frameCount ?? -1) * decoder.format.bytesPerFrame, "\(path)")
                decoded += 1
            } else if let error = result.error {
                #expect(error.file == path)
                #expect(error.description.hasPrefix(path + ": "))
            }
            if path.contains("/malformed/") { #expect(result.error != nil, "\(path) decoded") }
        }
        #expect(decoded >= 40)
    }

    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"))
    func knownFactsOfTheCorpus() throws {
        let wav = try #require(TestSupport.sharedTestdata) + "/wav/"
        let packed24 = try WAVDecoder(path: wav + "waveformatextensible-24bit-192kHz-mono.wav")
        #expect(packed24.format == AudioFormat(sample: .s24Packed, channels: 1, sampleRate: 192_000))
        #expect(packed24.layout.bitsPerSample == 24)
        let arecord24 = try WAVDecoder(path: wav + "pcmwaveformat-24bit-4byte-48kHz-stereo.wav")
        #expect(arecord24.format == AudioFormat(sample: .s24In32, channels: 2, sampleRate: 48000))
        #expect(arecord24.layout.bitsPerSample == 24)
        let extensible24 = try WAVDecoder(path: wav + "waveformatextensible-24bit-4byte-48kHz-stereo.wav")
        #expect(extensible24.layout.validBitsPerSample == 24)
        #expect(extensible24.layout.channelMask == 0x3)
        let twelve = try WAVLayout(path: wav + "12-bit-48kHz-mono-fromScratch.wav")
        #expect(twelve.validBitsPerSample == 12)
        #expect(twelve.format == AudioFormat(sample: .s16, channels: 1, sampleRate: 8000))

        // The RIFX file holds the samples of its little-endian twin, byte-swapped.
        let big = try WAVDecoderCorpusTests.outcome(wav + "RIFX-16bit-mono.wav")
        let little = try WAVDecoderCorpusTests.outcome(wav + "16-bit-8kHz-noBext-mono.wav")
        #expect(big.bytes.count == 96000)
        #expect(big.bytes == little.bytes)

        // Odd-sized data chunks, with and without their pad byte.
        #expect(try WAVDecoder(path: wav + "8bit-16kHz-bext-mono.wav").frameCount == 219_429)
        #expect(try WAVDecoder(path: wav + "64-to-8.wav").frameCount == 130_287)
        // Little-endian samples are the file's bytes.
        let tiny = try WAVDecoderCorpusTests.outcome(wav + "pcmwaveformat-16bit-44100Hz-mono.wav")
        let fileBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: wav + "pcmwaveformat-16bit-44100Hz-mono.wav")))
        #expect(tiny.bytes == Array(fileBytes[44..<52]))

        for (name, fragment) in [
            ("8bit-alaw-8kHz-noBext-mono-encoded.wav", "A-law (format tag 0x0006) is not supported"),
            ("8bit-mulaw-8kHz-noBext-mono-encoded.wav", "µ-law (format tag 0x0007) is not supported"),
            ("4bit-imaadpcm-8kHz-noBext-mono.wav", "IMA ADPCM (format tag 0x0011) is not supported"),
            ("48-bitPCM-441kHz-mono-fromScratch.wav", "48-bit PCM is not supported"),
            ("malformed/oom-48ae4cd061ff8578ad3f23dc87624bd365cf5216.wav", "claims"),
            ("malformed/crash-e5471f5b58397287b509db7d026e95f1724454f5.wav", "block align is 0"),
        ] {
            let error = try WAVDecoderCorpusTests.outcome(wav + name).error
            #expect(error?.message.contains(fragment) == true, "\(name): \(error?.description ?? "decoded")")
        }
    }
}

@Suite struct WAVDecoderRobustnessTests {
    static let bases: [[UInt8]] = WAVDecoderTests.decodeCases.map(\.file)

    @Test func mutatedHeadersDecodeOrFailWithAnInputError() throws {
        var random = SplitMix64(seed: 2026)
        let folder = try TemporaryFolder()
        var decoded = 0
        var refused = 0
        for round in 0..<400 {
            var bytes = WAVDecoderRobustnessTests.bases[round % WAVDecoderRobustnessTests.bases.count]
            // Flip, overwrite or truncate within the first 120 bytes, where the headers are.
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<min(120, bytes.count), using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                case 1: bytes[index] = [0x00, 0xFF, 0x7F, 0x80][Int.random(in: 0..<4, using: &random)]
                case 2: bytes.removeSubrange(index...)
                default: bytes[index] = UInt8.random(in: 0...255, using: &random)
                }
                if bytes.isEmpty { break }
            }
            let path = try folder.write("\(round).wav", Data(bytes))
            do {
                let decoder = try WAVDecoder(path: path)
                let out = try decodeAll(decoder, chunk: 7)
                #expect(out.count == (decoder.frameCount ?? -1) * decoder.format.bytesPerFrame)
                decoded += 1
            } catch let error as InputError {
                #expect(error.file == path)
                refused += 1
            }
        }
        // Both outcomes occur, so the mutations reach the parser's checks and its lenient paths.
        #expect(decoded > 50 && refused > 50, "decoded \(decoded), refused \(refused)")
    }

    @Test func tooManyChunksBeforeTheDataAreRefused() throws {
        let empty = WAVBytes.chunk("JUNK", [])
        let chunks = [[UInt8]](repeating: empty, count: 10_001)
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(WAVBytes.file(chunks: chunks)))
        let error = #expect(throws: InputError.self) { try WAVLayout(path: path) }
        #expect(error?.message == "more than 10000 chunks come before the data chunk")
        #expect(error?.place == .byte(12 + 10_000 * 8))
    }
}
