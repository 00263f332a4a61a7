@testable import ALSAAudio
import BackgroundAudio
import BackgroundCore
import BackgroundTestKit
import Foundation
import Testing

private typealias W = WAVBytes

@Suite struct SndFileDecoderTests {
    /// Runs sox to convert `input` to `output` (format from the extension), failing the test if sox fails.
    static func sox(_ arguments: [String]) async throws {
        let result = try await TestSupport.run(try #require(TestSupport.which("sox")), arguments)
        #expect(result.status == 0, "sox \(arguments.joined(separator: " ")): \(result.stderr)")
    }

    /// A stereo 16-bit WAV `tone.wav` in `folder` of a 441 Hz tone with a little noise: real audio, so lossy
    /// codecs behave.
    static func toneWAV(frames: Int, bits: Int, in folder: TemporaryFolder) throws -> (path: String, samples: [UInt8]) {
        let bytesPerSample = bits / 8
        var samples: [UInt8] = []
        samples.reserveCapacity(frames * 2 * bytesPerSample)
        var noise: UInt32 = 12345
        for frame in 0..<frames {
            for channel in 0..<2 {
                noise = noise &* 1_103_515_245 &+ 12345
                let tone = sin(Double(frame) * 2 * .pi * 441 / 44100 + Double(channel)) * 0.5
                let value = Int32(tone * Double(Int32(1) << (bits - 1))) &+ Int32(noise >> 24) - 128
                samples += W.integer(value, bigEndian: false).prefix(bytesPerSample)
            }
        }
        let fmt = W.fmt(tag: 1, channels: 2, rate: 44100, blockAlign: UInt16(2 * bytesPerSample), bits: UInt16(bits))
        let path = try folder.write("tone.wav", Data(W.file(chunks: [W.chunk("fmt ", fmt), W.chunk("data", samples)])))
        return (path, samples)
    }

    @Test(.enabled(if: TestSupport.toolsAvailable("sox"), "install sox (tools/install-deps)"))
    func flac16DecodesToTheWAVSamplesExactly() async throws {
        let folder = try TemporaryFolder()
        let wav = try SndFileDecoderTests.toneWAV(frames: 10_000, bits: 16, in: folder)
        let flac = wav.path.replacingOccurrences(of: ".wav", with: ".flac")
        try await SndFileDecoderTests.sox([wav.path, flac])
        let decoder = try SndFileDecoder(path: flac)
        #expect(decoder.encoding == "FLAC")
        #expect(decoder.bitsPerSample == 16)
        #expect(decoder.format == AudioFormat(sample: .s16, channels: 2, sampleRate: 44100))
        #expect(decoder.frameCount == 10_000)
        #expect(try decodeAll(decoder) == wav.samples)
        // Seeking lands on the same frame as in the WAV.
        try decoder.seek(toFrame: 7_000)
        #expect(try decodeAll(decoder) == Array(wav.samples[(7_000 * 4)...]))
        let info = try AudioFile.info(flac)
        #expect(info.format == .flac)
        #expect(info.duration == 10_000.0 / 44100.0)
    }

    @Test(.enabled(if: TestSupport.toolsAvailable("sox"), "install sox (tools/install-deps)"))
    func flac24DecodesLeftJustifiedInto32Bits() async throws {
        let folder = try TemporaryFolder()
        let wav = try SndFileDecoderTests.toneWAV(frames: 3_000, bits: 24, in: folder)
        let flac = wav.path.replacingOccurrences(of: ".wav", with: ".flac")
        try await SndFileDecoderTests.sox([wav.path, flac])
        let decoder = try AudioFile.open(flac)
        #expect(decoder.format == AudioFormat(sample: .s32, channels: 2, sampleRate: 44100))
        let expected = stride(from: 0, to: wav.samples.count, by: 3).flatMap { [0] + wav.samples[$0..<($0 + 3)] }
        #expect(try decodeAll(decoder) == expected)
    }

    @Test(.enabled(if: TestSupport.toolsAvailable("sox"), "install sox (tools/install-deps)"))
    func oggVorbisDecodesEveryFrameAsFloat() async throws {
        let folder = try TemporaryFolder()
        let wav = try SndFileDecoderTests.toneWAV(frames: 22_050, bits: 16, in: folder)
        let ogg = wav.path.replacingOccurrences(of: ".wav", with: ".ogg")
        try await SndFileDecoderTests.sox([wav.path, ogg])
        let decoder = try AudioFile.open(ogg)
        #expect((decoder as? SndFileDecoder)?.encoding == "Vorbis")
        #expect(decoder.format == AudioFormat(sample: .f32, channels: 2, sampleRate: 44100))
        #expect(decoder.frameCount == 22_050)
        let bytes = try decodeAll(decoder)
        #expect(bytes.count == 22_050 * 8)
        // Lossy, but the tone is there: the float samples stay within -1...1 and are not silent.
        let peak = bytes.withUnsafeBytes { raw in raw.bindMemory(to: Float.self).map { abs($0) }.max() ?? 0 }
        #expect(peak > 0.3 && peak <= 1.0)
        let info = try AudioFile.info(ogg)
        #expect(info.format == .ogg)
        #expect(info.encoding == "Vorbis")
        #expect(info.bitsPerSample == nil)
    }

    /// Runs an encoder that is not sox (lame, opusenc) quietly.
    static func encode(_ tool: String, _ arguments: [String]) async throws {
        let result = try await TestSupport.run(try #require(TestSupport.which(tool)), arguments)
        #expect(result.status == 0, "\(tool) \(arguments.joined(separator: " ")): \(result.stderr)")
    }

    @Test(
        .enabled(if: TestSupport.toolsAvailable("lame"), "install lame (tools/install-deps)"),
        arguments: [("plain", [String]()), ("with an ID3v2 tag", ["--add-id3v2", "--tt", "bgkit"])])
    func mp3DecodesEveryFrame(_ name: String, _ tagging: [String]) async throws {
        let folder = try TemporaryFolder()
        let wav = try SndFileDecoderTests.toneWAV(frames: 22_050, bits: 16, in: folder)
        let mp3 = wav.path.replacingOccurrences(of: ".wav", with: ".mp3")
        try await SndFileDecoderTests.encode("lame", ["--quiet"] + tagging + [wav.path, mp3])
        let head = try [UInt8](Data(contentsOf: URL(fileURLWithPath: mp3)).prefix(3))
        #expect((head == Array("ID3".utf8)) == !tagging.isEmpty, "\(name)")
        let decoder = try AudioFile.open(mp3)
        #expect((decoder as? SndFileDecoder)?.encoding == "MPEG Layer III")
        #expect(decoder.format == AudioFormat(sample: .f32, channels: 2, sampleRate: 44100))
        // LAME's gapless header gives the exact length.
        #expect(decoder.frameCount == 22_050)
        #expect(try decodeAll(decoder).count == 22_050 * 8)
        #expect(try AudioFile.info(mp3).format == .mpeg)
    }

    @Test(.enabled(if: TestSupport.toolsAvailable("opusenc"), "install opus-tools (tools/install-deps)"))
    func oggOpusDecodesAt48kHz() async throws {
        let folder = try TemporaryFolder()
        let wav = try SndFileDecoderTests.toneWAV(frames: 22_050, bits: 16, in: folder)
        let opus = wav.path.replacingOccurrences(of: ".wav", with: ".opus")
        try await SndFileDecoderTests.encode("opusenc", ["--quiet", wav.path, opus])
        let decoder = try AudioFile.open(opus)
        #expect((decoder as? SndFileDecoder)?.encoding == "Opus")
        // Opus always decodes at 48 kHz: half a second is 24 000 frames.
        #expect(decoder.format == AudioFormat(sample: .f32, channels: 2, sampleRate: 48000))
        #expect(decoder.frameCount == 24_000)
        #expect(try decodeAll(decoder).count == 24_000 * 8)
    }

    @Test func libsndfileIsLoadedOnFirstUseAndItsAbsenceSaysWhatToInstall() throws {
        // Loaded: the real library has every function.
        #expect(throws: Never.self) { try SndFileLibrary.load("libsndfile.so.1").get() }
        // Absent: the error names the library and the package to install.
        let error = try #require(throws: SndFileError.self) { try SndFileLibrary.load("libsndfile-absent.so.9").get() }
        #expect(error.function == "dlopen")
        #expect(error.message.contains("libsndfile-absent.so.9"))
        #expect(error.message.contains("apt install libsndfile1"))
        // Present but not libsndfile: a library without sf_open is refused, not called.
        let notSndfile = try #require(throws: SndFileError.self) { try SndFileLibrary.load("libm.so.6").get() }
        #expect(notSndfile.message.contains("libm.so.6 lacks a function bgkit needs"))
    }

    @Test func aBrokenFileFailsInSfOpenNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("broken.flac", Data(Array("fLaC".utf8) + W.pattern(100)))
        let error = #expect(throws: SndFileError.self) { try SndFileDecoder(path: path) }
        #expect(error?.function == "sf_open")
        #expect(error?.file == path)
        #expect(error?.description.hasPrefix("\(path): sf_open failed: ") == true)
    }
}
