import BackgroundTestKit
import Foundation
import Glibc
import Testing

/// Hostile input to `bgloc info|replay` and `bgaudio info|play`, one table: every case ends within a bounded
/// time with exit status 1 (bad file) or 64 (bad option), ONE message naming the file and the place, and no
/// crash. Single cases tested elsewhere (ReplayCommandTests, BGAudioInfoTests, BGAudioPlayTests) are not repeated.
@Suite struct BadInputTests {
    /// What stands at the path the command is given.
    enum Content: Sendable {
        case bytes([UInt8])
        case text(String)
        case missing
        case directory
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var tool: String
        /// The arguments; "FILE" stands for the file's path.
        var arguments: [String]
        var content: Content
        var name: String
        var status: Int32
        /// Texts the first line of standard error holds (standard output for status 0); "FILE" stands for the path.
        var mentions: [String]
    }

    static let gpxHead = #"<?xml version="1.0"?>"# + "\n" + #"<gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">"# + "\n<trk><trkseg>\n"
    static let gpxTail = "</trkseg></trk></gpx>\n"

    static func point(lat: String, lon: String, time: String = "2026-01-01T00:00:00Z") -> String {
        #"<trkpt lat="\#(lat)" lon="\#(lon)"><time>\#(time)</time></trkpt>"# + "\n"
    }

    static func gpx(_ points: String) -> Content { .text(gpxHead + points + gpxTail) }

    static let bomb = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
        <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>
        <gpx version="1.1" creator="&e;"><trk><trkseg>\(point(lat: "47", lon: "8"))</trkseg></trk></gpx>

        """

    static func wav(channels: UInt16 = 1, rate: UInt32 = 8000, blockAlign: UInt16 = 2, bits: UInt16 = 16,
                    dataSize: UInt32? = nil, riffSize: UInt32? = nil) -> Content {
        .bytes(WAVBytes.file(chunks: [
            WAVBytes.chunk("fmt ", WAVBytes.fmt(tag: 1, channels: channels, rate: rate, blockAlign: blockAlign, bits: bits)),
            WAVBytes.chunk("data", WAVBytes.pattern(64), sizeField: dataSize),
        ], riffSize: riffSize))
    }

    /// Bytes that are neither text nor any format's magic.
    static let garbage = (0..<4096).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) | 0x80 }

    static let traceCases: [Case] = ["info", "replay"].flatMap { command -> [Case] in
        func c(_ what: String, _ content: Content, name: String = "bad.gpx", _ mentions: [String]) -> Case {
            // A log whose sentences are all skipped still has a summary, which says why (exit 0); replay refuses it.
            let summarised = command == "info" && name.hasSuffix(".nmea")
            return Case(testDescription: "bgloc \(command): \(what)", tool: "bgloc", arguments: [command, "FILE"],
                        content: content, name: name, status: summarised ? 0 : 1, mentions: mentions)
        }
        return [
            c("truncated GPX", .text(gpxHead + point(lat: "47", lon: "8") + #"<trkpt lat="47.1" lon="8"#), ["FILE:5:", "truncated"]),
            c("wrong magic", .text("RIFF....WAVEfmt "), ["FILE:1:1:", "not a trace"]),
            c("latitude 91", gpx(point(lat: "91", lon: "8")), ["FILE:4:", "latitude 91"]),
            c("longitude -180.5", gpx(point(lat: "47", lon: "-180.5")), ["FILE:4:", "longitude -180.5"]),
            c("NaN latitude", gpx(point(lat: "NaN", lon: "8")), ["FILE:4:", "NaN"]),
            c("infinite longitude", gpx(point(lat: "47", lon: "1e999")), ["FILE:4:", "1e999"]),
            c("month 13", gpx(point(lat: "47", lon: "8", time: "2026-13-01T00:00:00Z")), ["FILE:4:", "2026-13-01T00:00:00Z"]),
            c("a DTD", .text(#"<?xml version="1.0"?>"# + "\n<!DOCTYPE gpx SYSTEM \"file:///etc/passwd\">\n<gpx/>\n"), ["FILE:2:1:", "DOCTYPE"]),
            c("an entity bomb", .text(bomb), ["FILE:2:1:", "DOCTYPE"]),
            c("binary garbage", .bytes(garbage), ["FILE:1:1:", "not a trace"]),
            c("NMEA latitude 91°", .text("$GPRMC,120000,A,9100.000,N,00830.000,E,0.0,0.0,010126,,*00\n"),
              name: "bad.nmea", command == "info" ? ["first skipped: FILE:1:"] : ["FILE: the trace has no track points", "FILE:1:"]),
            c("a 4 MB line", .text(String(repeating: "$", count: 4 << 20)),
              name: "bad.nmea", command == "info" ? ["first skipped: FILE:1: a line longer than"] : ["FILE: the trace has no track points", "skipped: FILE:1: a line longer than"]),
            c("empty file", .text(""), ["FILE: ", "empty"]),
            c("missing file", .missing, ["FILE: ", "No such file or directory"]),
            c("a directory", .directory, ["FILE: ", "is a directory"]),
        ]
    } + [
        Case(testDescription: "bgloc replay: --regions names a directory", tool: "bgloc",
             arguments: ["replay", "\(TestSupport.packageRoot)/Traces/walk-through-region.gpx", "--regions", "FILE"],
             content: .directory, name: "regions.geojson", status: 1, mentions: ["FILE: ", "is a directory"]),
        Case(testDescription: "bgloc replay: --regions names a missing file", tool: "bgloc",
             arguments: ["replay", "\(TestSupport.packageRoot)/Traces/walk-through-region.gpx", "--regions", "FILE"],
             content: .missing, name: "regions.geojson", status: 1, mentions: ["FILE: ", "No such file or directory"]),
    ]

    static let audioCases: [Case] = ["info", "play"].flatMap { command -> [Case] in
        let device = command == "play" ? ["--device", "null", "--format", "jsonl"] : []
        func c(_ what: String, _ content: Content, _ mentions: [String]) -> Case {
            Case(testDescription: "bgaudio \(command): \(what)", tool: "bgaudio", arguments: [command, "FILE"] + device,
                 content: content, name: "bad.wav", status: 1, mentions: mentions)
        }
        return [
            c("65535 channels", wav(channels: 65535), ["FILE: byte 22:", "65535 channels"]),
            c("sample rate 0", wav(rate: 0), ["FILE: byte 24:", "sample rate 0"]),
            c("sample rate 4294967295", wav(rate: .max), ["FILE: byte 24:", "4294967295"]),
            c("block align 0", wav(blockAlign: 0), ["FILE: byte 32:", "block align"]),
            c("fmt chunk claiming 4 GB", .bytes(WAVBytes.file(chunks: [WAVBytes.chunk("fmt ", [1, 0], sizeField: 0xFFFF_FFF0)])),
              ["FILE: byte 16:", "claims 4294967280 bytes"]),
            c("wrong magic (RIFX with little-endian sizes)",
              .bytes(Array("RIFX".utf8) + WAVBytes.u32(36 + 64) + Array("WAVE".utf8) + WAVBytes.chunk("fmt ", WAVBytes.fmt(
                  tag: 1, channels: 1, rate: 8000, blockAlign: 2, bits: 16)) + WAVBytes.chunk("data", WAVBytes.pattern(64))),
              ["FILE: byte 16:", "claims"]),
            c("binary garbage", .bytes(garbage), ["FILE: ", "not a supported audio file"]),
            c("empty file", .bytes([]), ["FILE: ", "empty"]),
        ] + (command == "play" ? [
            // bgaudio info's missing file and directory are in BGAudioInfoTests.
            c("missing file", .missing, ["FILE: ", "No such file or directory"]),
            c("a directory", .directory, ["FILE: ", "is a directory"]),
        ] : [])
    }

    static let optionCases: [Case] = {
        let walk = "\(TestSupport.packageRoot)/Traces/walk-through-region.gpx"
        func c(_ tool: String, _ arguments: [String], _ mentions: [String]) -> Case {
            Case(testDescription: "\(tool) \(arguments.joined(separator: " "))", tool: tool, arguments: arguments,
                 content: wav(), name: "ok.wav", status: 64, mentions: mentions)
        }
        return [
            c("bgloc", ["replay", walk, "--speed", "nan"], ["--speed nan"]),
            c("bgloc", ["replay", walk, "--speed", "inf"], ["--speed inf"]),
            c("bgloc", ["replay", walk, "--region", "a=47,nan,100"], ["--region a=47,nan,100"]),
            c("bgloc", ["replay", walk, "--region", "a=47,8,inf"], ["--region a=47,8,inf", "three numbers"]),
            c("bgloc", ["info", walk, "--format", "yaml"], ["'yaml'", "--format"]),
            // Values the clock's durations cannot hold trapped with a stack trace before they were bounded.
            c("bgloc", ["replay", walk, "--dwell", "1e300"], ["'1e300' is invalid for '--dwell <duration>'"]),
            c("bgloc", ["replay", walk, "--speed", "1e-300"], ["--speed 1e-300", "at least 0.001"]),
            c("bgloc", ["serve", walk, "--speed", "1e-9"], ["--speed 1e-09", "at least 0.001"]),
            c("bgloc", ["live", "--duration", "1e300"], ["'1e300' is invalid for '--duration <duration>'"]),
            c("bgaudio", ["play", "FILE", "--device", "null", "--start", "1e300"], ["'1e300' is invalid for '--start <duration>'"]),
            c("bgaudio", ["play", "FILE", "--device", "null", "--volume", "2"], ["--volume", "2"]),
            c("bgaudio", ["play", "FILE", "--device", "null", "--volume", "nan"], ["--volume", "nan"]),
            c("bgaudio", ["play", "FILE", "--device", "null", "--loop", "abc"], ["'abc'", "--loop"]),
            c("bgaudio", ["play", "FILE", "--device", "null", "--loop", "-5"], ["--loop", "-5"]),
            c("bgaudio", ["play", "FILE", "--device", "null", "--start", "nan"], ["'nan' is invalid for '--start <duration>'"]),
        ]
    }()

    @Test(arguments: traceCases + audioCases + optionCases)
    func endsWithOneClearMessage(_ testCase: Case) async throws {
        let folder = try TemporaryFolder()
        let path = "\(folder.path)/\(testCase.name)"
        switch testCase.content {
        case .bytes(let bytes): try Data(bytes).write(to: URL(fileURLWithPath: path))
        case .text(let text): try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        case .missing: break
        case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        try await Self.expectOneClearMessage(testCase, path: path)
    }

    @Test(.enabled(if: geteuid() != 0, "root reads a file whatever its permissions, so nothing here is unreadable"),
          arguments: [["bgloc", "info"], ["bgloc", "replay"], ["bgaudio", "info"], ["bgaudio", "play"]])
    func anUnreadableFileSaysPermissionDenied(_ command: [String]) async throws {
        let folder = try TemporaryFolder()
        let path = "\(folder.path)/secret.\(command[0] == "bgloc" ? "gpx" : "wav")"
        try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0)
        let testCase = Case(testDescription: "", tool: command[0], arguments: [command[1], "FILE"], content: .missing,
                            name: "", status: 1, mentions: ["FILE: ", "Permission denied"])
        try await Self.expectOneClearMessage(testCase, path: path)
    }

    static func expectOneClearMessage(_ testCase: Case, path: String) async throws {
        let process = try SignalledProcess(
            TestSupport.executable(testCase.tool), testCase.arguments.map { $0 == "FILE" ? path : $0 })
        defer { process.killGroup() }

        let ending = try await process.waitForExit(timeout: .seconds(30))

        let stderr = process.stderr
        #expect(ending == .exited(testCase.status), "\(stderr)")
        let lines = stderr.split(separator: "\n")
        if testCase.status == 1 { #expect(lines.count == 1, "one message: \(stderr)") }
        if testCase.status == 0 { #expect(stderr.isEmpty) }
        let message = testCase.status == 0 ? process.stdout : String(lines.first ?? "")
        for mention in testCase.mentions.map({ $0.replacingOccurrences(of: "FILE", with: path) }) {
            #expect(message.contains(mention), "\(message)")
        }
        for sign in ["Fatal error", "Stack dump", "backtrace"] { #expect(!stderr.contains(sign), "\(stderr)") }
    }
}
