import ALSAAudio
import ArgumentParser
import BackgroundAudio
import BackgroundCore
import CommandLineSupport

/// `bgaudio info FILE [--format text|json]`: what an audio file is, from its content.
struct Info: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe an audio file: format, encoding, channels, rate, bits, duration and WAV chunks.",
        discussion: """
            Example:
              bgaudio info Examples/AudioTour/audio/lindenhof.wav
              bgaudio info Examples/AudioTour/audio/stpeter.wav --format json
            """)

    /// `--format text|json`.
    enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The audio file: WAV (RIFF, RIFX, RF64), FLAC, Ogg Vorbis or Opus, or MP3.")
    var file: String

    @Option(help: "A report for people (text) or one JSON object for scripts (json).")
    var format: ReportFormat = .text

    func run() async throws {
        let info = try AudioFile.info(file)
        switch format {
        case .text: Info.text(info).forEach(StandardOutput.writeLine)
        case .json: StandardOutput.writeLine(Info.json(info))
        }
        StandardOutput.flush()
    }

    /// The report as `key: value` lines, then one line per WAV chunk.
    static func text(_ info: AudioFileInfo) -> [String] {
        var lines = ["file: \(info.path)", "format: \(formatName(info.format))", "encoding: \(info.encoding)"]
        lines.append("channels: \(info.channels)" + (info.channelMask.map { " (mask 0x\(hex($0)))" } ?? ""))
        lines.append("sample rate: \(info.sampleRate) Hz")
        if let bits = info.bitsPerSample {
            let valid = info.validBitsPerSample.flatMap { $0 == bits ? nil : " (\($0) valid)" } ?? ""
            lines.append("bits: \(bits)\(valid)")
        }
        lines.append("frames: " + (info.frames.map(String.init) ?? "unknown"))
        lines.append("duration: " + (info.duration.map { seconds($0) + " s" } ?? "unknown"))
        lines.append("decodes to: " + (info.decodedFormat?.description ?? "nothing (the encoding is not supported)"))
        if let wav = info.wav {
            let declared = wav.declaredDataBytes.map { "header says \($0)" } ?? "header says unknown"
            lines.append("data: \(wav.dataBytes) bytes at byte \(wav.dataOffset) (\(declared))")
            lines.append("chunks:")
            for chunk in wav.chunks {
                lines.append("  '\(chunk.id)' at byte \(chunk.offset), \(chunk.size) bytes")
            }
        }
        return lines
    }

    /// The report as one JSON object (keys documented in docs/AUDIO-FORMATS.md).
    static func json(_ info: AudioFileInfo) -> String {
        var out = JSONObjectWriter()
        out.field("file", string: info.path)
        out.field("format", string: info.format.rawValue)
        out.field("encoding", string: info.encoding)
        out.field("channels", integer: info.channels)
        out.field("sampleRate", integer: info.sampleRate)
        optional(&out, "bitsPerSample", info.bitsPerSample)
        optional(&out, "validBitsPerSample", info.validBitsPerSample)
        optional(&out, "frames", info.frames)
        if let duration = info.duration { out.field("durationSeconds", number: duration) } else {
            out.fieldNull("durationSeconds")
        }
        optional(&out, "channelMask", info.channelMask.map(Int.init))
        if let decoded = info.decodedFormat {
            var format = JSONObjectWriter()
            format.field("sample", string: decoded.sample.rawValue)
            format.field("channels", integer: decoded.channels)
            format.field("sampleRate", integer: decoded.sampleRate)
            out.field("decodedFormat", raw: format.finish())
        } else {
            out.fieldNull("decodedFormat")
        }
        optional(&out, "dataOffset", info.wav?.dataOffset)
        optional(&out, "dataBytes", info.wav?.dataBytes)
        if let declared = info.wav?.declaredDataBytes { out.field("declaredDataBytes", raw: String(declared)) } else {
            out.fieldNull("declaredDataBytes")
        }
        let chunks = info.chunks.map { chunk in
            var object = JSONObjectWriter()
            object.field("id", string: chunk.id)
            object.field("offset", integer: chunk.offset)
            object.field("size", raw: String(chunk.size))
            return object.finish()
        }
        out.field("chunks", raw: "[" + chunks.joined(separator: ",") + "]")
        return out.finish()
    }

    private static func optional(_ out: inout JSONObjectWriter, _ name: String, _ value: Int?) {
        if let value { out.field(name, integer: value) } else { out.fieldNull(name) }
    }

    private static func formatName(_ format: AudioFileInfo.Format) -> String {
        switch format {
        case .wav: "WAV (RIFF)"
        case .rifx: "WAV (RIFX, big-endian)"
        case .rf64: "WAV (RF64)"
        case .bw64: "WAV (BW64)"
        case .flac: "FLAC"
        case .ogg: "Ogg"
        case .mpeg: "MPEG audio"
        }
    }

    /// Seconds to the microsecond, without trailing zeros: "6.628125", "0.000042", "14".
    private static func seconds(_ value: Double) -> String {
        guard value.isFinite, value >= 0, value < 1e12 else { return JSONObjectWriter.number(value) }
        let micros = Int64((value * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        let digits = String(repeating: "0", count: 6 - fraction.count) + fraction
        let trimmed = digits.reversed().drop { $0 == "0" }.reversed()
        return "\(micros / 1_000_000)" + (trimmed.isEmpty ? "" : "." + String(trimmed))
    }

    private static func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
}
