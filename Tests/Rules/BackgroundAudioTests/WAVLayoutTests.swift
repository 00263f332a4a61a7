import BackgroundAudio
import BackgroundCore
import BackgroundTestKit
import Foundation
import Testing

private typealias W = WAVBytes

@Suite struct WAVLayoutTests {
    @Test func listsEveryChunkWithOffsetAndDeclaredSize() throws {
        let fmt = W.chunk("fmt ", W.fmt(tag: 1, channels: 1, rate: 8000, blockAlign: 1, bits: 8))
        let file = W.file(chunks: [
            W.chunk("JUNK", W.pattern(3)),  // 12: 8 + 3 + pad
            fmt,  // 24
            W.chunk("data", W.pattern(5)),  // 48: 8 + 5 + pad
            W.chunk("LIST", Array("INFO".utf8)),  // 62
        ])
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(file))
        let layout = try WAVLayout(path: path)
        #expect(layout.chunks == [
            WAVChunk(id: "JUNK", offset: 12, size: 3), WAVChunk(id: "fmt ", offset: 24, size: 16),
            WAVChunk(id: "data", offset: 48, size: 5), WAVChunk(id: "LIST", offset: 62, size: 4),
        ])
        #expect(layout.fmtOffset == 24)
        #expect(layout.dataOffset == 56)
        #expect(layout.dataBytes == 5)
        #expect(layout.declaredDataBytes == 5)
        #expect(layout.container == .riff)
        #expect(layout.encodingDescription == "8-bit PCM")
    }

    @Test func reportsTheTrueDataSizeWhenTheHeaderLies() throws {
        let fmt = W.chunk("fmt ", W.fmt(tag: 1, channels: 2, rate: 8000, blockAlign: 4, bits: 16))
        for (sizeField, declared) in [(UInt32(0xFFFF_FFFF), nil), (1_000_000, UInt64(1_000_000)), (0, nil)] {
            let folder = try TemporaryFolder()
            let path = try folder.write("test.wav", Data(W.file(chunks: [fmt, W.chunk("data", W.pattern(41), sizeField: sizeField, pad: false)])))
            let layout = try WAVLayout(path: path)
            #expect(layout.declaredDataBytes == declared, "size field \(sizeField)")
            #expect(layout.dataBytes == 40, "size field \(sizeField)")
            #expect(layout.frameCount == 10, "size field \(sizeField)")
        }
    }

    @Test func readsTheExtensibleFields() throws {
        let fmt = W.fmt(tag: 1, channels: 2, rate: 96000, blockAlign: 8, bits: 32, extensible: (24, 0x3, 1))
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(W.file(chunks: [W.chunk("fmt ", fmt), W.chunk("data", W.pattern(16))])))
        let layout = try WAVLayout(path: path)
        #expect(layout.formatTag == 0xFFFE)
        #expect(layout.encoding == .pcm)
        #expect(layout.bitsPerSample == 32)
        #expect(layout.validBitsPerSample == 24)
        #expect(layout.channelMask == 0x3)
        #expect(layout.format == AudioFormat(sample: .s32, channels: 2, sampleRate: 96000))
    }

    @Test func parsesCompressedEncodingsWithoutASampleFormat() throws {
        let fmt = W.fmt(tag: 7, channels: 1, rate: 8000, blockAlign: 1, bits: 8)
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(W.file(chunks: [W.chunk("fmt ", fmt), W.chunk("data", W.pattern(16))])))
        let layout = try WAVLayout(path: path)
        #expect(layout.encoding == .compressed(tag: 7))
        #expect(layout.encoding.name == "µ-law")
        #expect(layout.sample == nil)
        #expect(layout.frameCount == nil)
        #expect(layout.dataBytes == 16)
    }

    @Test func takesRF64SizesFromTheDS64Chunk() throws {
        let ds64 = W.chunk("ds64", W.ds64(riffSize: 0, dataSize: 12, sampleCount: 6))
        let fmt = W.chunk("fmt ", W.fmt(tag: 1, channels: 1, rate: 8000, blockAlign: 2, bits: 16))
        let data = W.chunk("data", W.pattern(12), sizeField: 0xFFFF_FFFF)
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(W.file("RF64", chunks: [ds64, fmt, data, W.chunk("LIST", [])], riffSize: 0xFFFF_FFFF)))
        let layout = try WAVLayout(path: path)
        #expect(layout.container == .rf64)
        #expect(layout.declaredDataBytes == 12)
        #expect(layout.chunks.map(\.id) == ["ds64", "fmt ", "data", "LIST"])
        #expect(layout.chunks.map(\.size) == [28, 16, 12, 0])
    }

    @Test func namesAtMostEightChunksWhenFmtIsMissing() throws {
        let chunks = (0..<12).map { WAVBytes.chunk(String(format: "c%03d", $0), []) } + [WAVBytes.chunk("data", [])]
        let folder = try TemporaryFolder()
        let path = try folder.write("test.wav", Data(WAVBytes.file(chunks: chunks)))
        let error = #expect(throws: InputError.self) { try WAVLayout(path: path) }
        #expect(error?.message == "there is no fmt chunk (chunks found: c000, c001, c002, c003, c004, c005, c006, c007 … 13 in all)")
    }

    /// One WAV entry of the corpus manifest: what soxi and an independent RIFF walker saw.
    struct ManifestEntry {
        var path: String
        var soxi: [String: Any]?
        var chunkIDs: [String]
    }

    static func manifest(_ root: String) throws -> [ManifestEntry] {
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/manifest.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        return files.compactMap { file in
            guard file["kind"] as? String == "wav", let path = file["path"] as? String else { return nil }
            let riff = file["riff"] as? [String: Any]
            let chunks = (riff?["chunks"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
            return ManifestEntry(path: path, soxi: file["soxi"] as? [String: Any], chunkIDs: chunks)
        }
    }

    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"))
    func agreesWithSoxiAndTheManifestChunkLists() throws {
        let root = try #require(TestSupport.sharedTestdata)
        let entries = try WAVLayoutTests.manifest(root)
        #expect(entries.count >= 50)
        var compared = 0
        for entry in entries where !entry.path.contains("/malformed/") {
            let layout = try WAVLayout(path: root + "/" + entry.path)
            #expect(layout.chunks.map(\.id) == entry.chunkIDs, "\(entry.path)")
            guard let soxi = entry.soxi, let frames = layout.frameCount else { continue }
            #expect(layout.channels == soxi["channels"] as? Int, "\(entry.path)")
            #expect(layout.sampleRate == soxi["rate"] as? Int, "\(entry.path)")
            #expect(frames == soxi["samples"] as? Int, "\(entry.path)")
            compared += 1
        }
        #expect(compared >= 35)
    }
}
