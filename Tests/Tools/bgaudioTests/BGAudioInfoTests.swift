import BackgroundTestKit
import Foundation
import Testing

private typealias W = WAVBytes

/// `bgaudio info` end to end: the built binary on good and bad files.
@Suite struct BGAudioInfoTests {
    static let bgaudio = TestSupport.executable("bgaudio")

    /// `two channels.wav` in `folder`.
    static func wav(in folder: TemporaryFolder) throws -> String {
        let fmt = W.fmt(tag: 1, channels: 2, rate: 8000, blockAlign: 8, bits: 32, extensible: (24, 0x3, 1))
        return try folder.write("two channels.wav", Data(
            W.file(chunks: [W.chunk("fmt ", fmt), W.chunk("data", W.pattern(8 * 4000)), W.chunk("LIST", Array("INFO".utf8))])))
    }

    @Test func reportsAWAVFileAsText() async throws {
        let folder = try TemporaryFolder()
        let path = try BGAudioInfoTests.wav(in: folder)
        let result = try await TestSupport.run(BGAudioInfoTests.bgaudio, ["info", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "file: \(path)", "format: WAV (RIFF)", "encoding: PCM", "channels: 2 (mask 0x3)", "sample rate: 8000 Hz",
            "bits: 32 (24 valid)", "frames: 4000", "duration: 0.5 s", "decodes to: s32, 2 ch, 8000 Hz",
            "data: 32000 bytes at byte 68 (header says 32000)", "chunks:", "  'fmt ' at byte 12, 40 bytes",
            "  'data' at byte 60, 32000 bytes", "  'LIST' at byte 32068, 4 bytes",
        ])
    }

    @Test func reportsAWAVFileAsOneJSONObject() async throws {
        let folder = try TemporaryFolder()
        let path = try BGAudioInfoTests.wav(in: folder)
        let result = try await TestSupport.run(BGAudioInfoTests.bgaudio, ["info", path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.filter { $0 == "\n" }.count == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["file"] as? String == path)
        #expect(object["format"] as? String == "wav")
        #expect(object["encoding"] as? String == "PCM")
        #expect(object["channels"] as? Int == 2)
        #expect(object["sampleRate"] as? Int == 8000)
        #expect(object["bitsPerSample"] as? Int == 32)
        #expect(object["validBitsPerSample"] as? Int == 24)
        #expect(object["frames"] as? Int == 4000)
        #expect(object["durationSeconds"] as? Double == 0.5)
        #expect(object["channelMask"] as? Int == 3)
        let decoded = try #require(object["decodedFormat"] as? [String: Any])
        #expect(decoded["sample"] as? String == "s32")
        #expect(object["dataOffset"] as? Int == 68)
        #expect(object["dataBytes"] as? Int == 32000)
        #expect(object["declaredDataBytes"] as? Int == 32000)
        let chunks = try #require(object["chunks"] as? [[String: Any]])
        #expect(chunks.compactMap { $0["id"] as? String } == ["fmt ", "data", "LIST"])
        #expect(chunks.compactMap { $0["offset"] as? Int } == [12, 60, 32068])
        #expect(chunks.compactMap { $0["size"] as? Int } == [40, 32000, 4])
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]?
        var message: String
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(name: "text file", bytes: Array("just some words\n".utf8), message: "not a supported audio file"),
        BadCase(
            name: "zero channels",
            bytes: W.file(chunks: [
                W.chunk("fmt ", W.fmt(tag: 1, channels: 0, rate: 8000, blockAlign: 2, bits: 16)), W.chunk("data", [0, 0]),
            ]), message: "byte 22: the file has 0 channels"),
        BadCase(
            name: "truncated header", bytes: Array("RIFF\u{24}\0\0\0WA".utf8),
            message: "the file is 10 bytes, too short"),
        BadCase(name: "missing file", bytes: nil, message: "cannot open the file: No such file or directory"),
    ]

    @Test(arguments: badCases)
    func refusesABadFileInOneLineNamingIt(_ testCase: BadCase) async throws {
        let folder = try TemporaryFolder()
        let path = try testCase.bytes.map { try folder.write("bad.wav", Data($0)) } ?? folder.path + "/missing.wav"
        for format in ["text", "json"] {
            let result = try await TestSupport.run(BGAudioInfoTests.bgaudio, ["info", path, "--format", format])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: \(path): "), "\(result.stderr)")
            #expect(result.stderr.contains(testCase.message), "\(result.stderr)")
        }
    }

    @Test func refusesADirectory() async throws {
        let folder = NSTemporaryDirectory()
        let result = try await TestSupport.run(BGAudioInfoTests.bgaudio, ["info", folder])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(folder): is a directory, not an audio file\n")
    }

    @Test(.enabled(if: TestSupport.corpusTestsEnabled, "needs ../shared/testdata beside the package"))
    func refusesEveryMalformedCorpusFileCleanly() async throws {
        let folder = try #require(TestSupport.sharedTestdata) + "/wav/malformed"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.count >= 6)
        for name in names {
            let result = try await TestSupport.run(BGAudioInfoTests.bgaudio, ["info", "\(folder)/\(name)"])
            #expect(result.status == 1 && !result.signalled, "\(name)")
            #expect(result.stderr.hasPrefix("Error: \(folder)/\(name): "), "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(name): \(result.stderr)")
        }
    }
}
