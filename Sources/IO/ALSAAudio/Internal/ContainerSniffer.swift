import BackgroundAudio
import BackgroundCore

/// What a file is, by its first bytes (never by its name).
enum SniffedContainer {
    /// RIFF, RIFX, RF64 or BW64.
    case wav
    /// `fLaC`.
    case flac
    /// `OggS` (Vorbis, Opus or FLAC inside).
    case ogg
    /// An ID3v2 tag or an MPEG audio frame sync.
    case mpeg

    /// Reads the first bytes of the file open in `reader` and names its container.
    ///
    /// - Throws: `InputError` when the file cannot be read or is none of these.
    init(reader: FileReader) throws {
        let path = reader.path
        let head = try reader.bytes(at: 0, count: 12)
        guard !head.isEmpty else { throw InputError(file: path, message: "the file is empty, not an audio file") }
        func starts(_ text: String) -> Bool { head.starts(with: Array(text.utf8)) }
        if starts("RIFF") || starts("RIFX") || starts("RF64") || starts("BW64") {
            // The WAV parser says what is wrong with a short header or another RIFF form (AVI, WEBP …).
            self = .wav
        } else if starts("fLaC") {
            self = .flac
        } else if starts("OggS") {
            self = .ogg
        } else if starts("ID3") || SniffedContainer.isMPEGFrameSync(head) {
            self = .mpeg
        } else {
            throw InputError(
                file: path,
                message: "not a supported audio file: its content is not WAV (RIFF, RIFX, RF64), FLAC, Ogg or MP3")
        }
    }

    /// An MPEG audio frame header: 11 sync bits, a version that is not reserved and a layer that is not.
    static func isMPEGFrameSync(_ head: [UInt8]) -> Bool {
        guard head.count >= 2, head[0] == 0xFF, head[1] & 0xE0 == 0xE0 else { return false }
        let version = (head[1] >> 3) & 0x3
        let layer = (head[1] >> 1) & 0x3
        return version != 1 && layer != 0
    }
}
