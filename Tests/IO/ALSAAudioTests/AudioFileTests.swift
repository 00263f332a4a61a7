import ALSAAudio
import BackgroundAudio
import BackgroundCore
import BackgroundTestKit
import Foundation
import Testing

private typealias W = WAVBytes

@Suite struct AudioFileTests {
    static let samples = W.pattern(4 * 50)
    static let pcm16 = W.file(chunks: [
        W.chunk("fmt ", W.fmt(tag: 1, channels: 2, rate: 22050, blockAlign: 4, bits: 16)),
        W.chunk("data", samples), W.chunk("LIST", Array("INFO".utf8)),
    ])

    @Test func opensPCMWAVWithTheWAVDecoderBitForBit() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(AudioFileTests.pcm16))
        let decoder = try AudioFile.open(path)
        #expect(decoder is WAVDecoder)
        #expect(decoder.format == AudioFormat(sample: .s16, channels: 2, sampleRate: 22050))
        #expect(try decodeAll(decoder) == AudioFileTests.samples)
    }

    @Test func opensALawWAVThroughLibsndfile() throws {
        // G.711 A-law: 0xD5 and 0x55 are the smallest positive and negative steps (+8 and -8).
        let body: [UInt8] = [0xD5, 0x55, 0xD5, 0x55]
        let fmt = W.fmt(tag: 6, channels: 1, rate: 8000, blockAlign: 1, bits: 8)
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(W.file(chunks: [W.chunk("fmt ", fmt), W.chunk("data", body)])))
        let decoder = try AudioFile.open(path)
        #expect(decoder is SndFileDecoder)
        #expect(decoder.format == AudioFormat(sample: .s16, channels: 1, sampleRate: 8000))
        let decoded = try decodeAll(decoder)
        let values = stride(from: 0, to: decoded.count, by: 2).map { Int16(decoded[$0]) | Int16(decoded[$0 + 1]) << 8 }
        #expect(values == [8, -8, 8, -8])
    }

    @Test func describesAWAVFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(AudioFileTests.pcm16))
        let info = try AudioFile.info(path)
        #expect(info.format == .wav)
        #expect(info.encoding == "PCM")
        #expect(info.channels == 2)
        #expect(info.sampleRate == 22050)
        #expect(info.bitsPerSample == 16)
        #expect(info.frames == 50)
        #expect(info.duration == 50.0 / 22050.0)
        #expect(info.chunks.map(\.id) == ["fmt ", "data", "LIST"])
        #expect(info.wav?.dataOffset == 44)
    }

    @Test func describesWhatItCannotDecode() throws {
        let fmt = W.fmt(tag: 1, channels: 1, rate: 8000, blockAlign: 6, bits: 48, extensible: (48, 4, 1))
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(W.file(chunks: [W.chunk("fmt ", fmt), W.chunk("data", W.pattern(12))])))
        let info = try AudioFile.info(path)
        #expect(info.bitsPerSample == 48)
        #expect(info.decodedFormat == nil)
        #expect(info.frames == nil)
        #expect(info.channelMask == 4)
        let error = #expect(throws: InputError.self) { try AudioFile.open(path) }
        #expect(error?.message == "48-bit PCM is not supported by the WAV decoder")
    }

    struct ContentCase: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var message: String
        var testDescription: String { name }
    }

    static let unsupported: [ContentCase] = [
        ContentCase(name: "empty", bytes: [], message: "the file is empty, not an audio file"),
        ContentCase(
            name: "text", bytes: Array("hello, this is not audio".utf8),
            message: "not a supported audio file: its content is not WAV (RIFF, RIFX, RF64), FLAC, Ogg or MP3"),
        ContentCase(
            name: "RIFF but AVI", bytes: Array("RIFF\u{4}\0\0\0AVI ".utf8),
            message: "byte 8: the RIFF form type is 'AVI ', not WAVE"),
        ContentCase(
            name: "a reserved MPEG version", bytes: [0xFF, 0xEB, 0x90, 0x00],
            message: "not a supported audio file: its content is not WAV (RIFF, RIFX, RF64), FLAC, Ogg or MP3"),
    ]

    @Test(arguments: unsupported)
    func refusesOtherContentNamingTheFile(_ testCase: ContentCase) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("song.mp3", Data(testCase.bytes))
        for attempt in [{ _ = try AudioFile.open(path) }, { _ = try AudioFile.info(path) }] {
            let error = #expect(throws: InputError.self) { try attempt() }
            #expect(error?.description == "\(path): \(testCase.message)")
        }
    }

    static let compressedHeads: [ContentCase] = {
        let id3: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 1]
        let sync: [UInt8] = [0xFF, 0xFB, 0x90, 0x64]
        return [
            ContentCase(name: "FLAC", bytes: Array("fLaC".utf8) + W.pattern(30), message: ""),
            ContentCase(name: "Ogg", bytes: Array("OggS".utf8) + W.pattern(30), message: ""),
            ContentCase(name: "ID3", bytes: id3 + W.pattern(30), message: ""),
            ContentCase(name: "MPEG sync", bytes: sync + W.pattern(30), message: ""),
        ]
    }()

    @Test(arguments: compressedHeads)
    func sendsCompressedContainersToLibsndfile(_ testCase: ContentCase) throws {
        // Broken bodies: what matters is that libsndfile, not the WAV decoder, reports them.
        let folder = try TemporaryFolder()
        let path = try folder.write("broken.bin", Data(testCase.bytes))
        do {
            let decoder = try AudioFile.open(path)
            #expect(decoder is SndFileDecoder, "\(testCase.name)")
        } catch let error as SndFileError {
            #expect(error.function == "sf_open")
            #expect(error.description.hasPrefix("\(path): sf_open failed: "))
        }
    }

    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"))
    func opensEveryCorpusFileOrFailsNamingIt() throws {
        let root = try #require(TestSupport.sharedTestdata)
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(manifest["files"] as? [[String: Any]]).filter { $0["kind"] as? String == "wav" }
        #expect(files.count >= 55)
        var viaLibsndfile = 0
        for file in files {
            let path = root + "/" + (file["path"] as? String ?? "")
            do {
                let decoder = try AudioFile.open(path)
                let bytes = try decodeAll(decoder)
                let frames = bytes.count / decoder.format.bytesPerFrame
                if let frameCount = decoder.frameCount { #expect(frames == frameCount, "\(path)") }
                // libsndfile decodes ADPCM in whole blocks, past the length a fact chunk gives.
                let blockCodec = (decoder as? SndFileDecoder)?.encoding.hasSuffix("ADPCM") == true
                if !blockCodec, let soxi = file["soxi"] as? [String: Any], let samples = soxi["samples"] as? Int {
                    #expect(frames == samples, "\(path)")
                }
                if decoder is SndFileDecoder { viaLibsndfile += 1 }
            } catch let error as InputError {
                #expect(error.file == path)
            } catch let error as SndFileError {
                #expect(error.file == path)
            }
        }
        // A-law, µ-law and IMA ADPCM files decode through libsndfile.
        #expect(viaLibsndfile >= 6)
    }
}
