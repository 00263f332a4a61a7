package import BackgroundAudio
import CSndFile

/// Decodes FLAC, Ogg Vorbis, Ogg Opus, MP3 and compressed WAV (A-law, µ-law, ADPCM, GSM) through
/// libsndfile.
///
/// Lossless integer sources come out as integers so that nothing is lost: 8- and 16-bit samples as
/// `s16`, 24- and 32-bit ones as `s32` (left-justified), A-law, µ-law, ADPCM and GSM as `s16`; lossy
/// codecs and float files come out as `f32`.
///
/// ```swift
/// let decoder = try SndFileDecoder(path: "song.flac")
/// print(decoder.encoding, decoder.format)   // FLAC  s16, 2 ch, 44100 Hz
/// ```
///
/// In a test, write a FLAC file from a synthesised WAV with `sox` and compare the samples of both.
///
/// - Warning: Not thread-safe: one owner reads and seeks.
package final class SndFileDecoder: AudioDecoder {
    package let format: AudioFormat
    package let frameCount: Int?
    /// The encoding in words: "FLAC", "Vorbis", "Opus", "MPEG Layer III", "A-law", "IMA ADPCM" …
    package let encoding: String
    /// The bits per sample of a lossless integer encoding (8, 16, 24, 32); nil for lossy codecs and float.
    package let bitsPerSample: Int?

    private enum Reading { case short, int, float }

    private let path: String
    private let handle: OpaquePointer
    private let reading: Reading
    private let seekable: Bool

    /// Opens `path` with libsndfile.
    ///
    /// - Throws: `SndFileError` (from `sf_open`) when libsndfile cannot read the file.
    package init(path: String) throws {
        var info = SF_INFO()
        let handle = try sndfile_open(path, &info).get()
        let major = Int(info.format) & Int(SF_FORMAT_TYPEMASK)
        let subtype = Int(info.format) & Int(SF_FORMAT_SUBMASK)
        let description = SndFileDecoder.describe(major: major, subtype: subtype)
        guard info.channels > 0, info.samplerate > 0 else {
            sndfile_close(handle)
            throw SndFileError(
                file: path, function: "sf_open", code: 0,
                message: "it reports \(info.channels) channels at \(info.samplerate) Hz")
        }
        self.path = path
        self.handle = handle
        self.encoding = description.name
        self.bitsPerSample = description.bits
        self.reading = description.reading
        let sample: AudioFormat.Sample =
            switch description.reading {
            case .short: .s16
            case .int: .s32
            case .float: .f32
            }
        self.format = AudioFormat(sample: sample, channels: Int(info.channels), sampleRate: Int(info.samplerate))
        self.frameCount = info.frames >= 0 && info.frames < Int64.max ? Int(info.frames) : nil
        self.seekable = info.seekable != 0
    }

    deinit { sndfile_close(handle) }

    package func read(into buffer: UnsafeMutableRawBufferPointer, maxFrames: Int) throws -> Int {
        let wanted = min(max(0, maxFrames), buffer.count / format.bytesPerFrame)
        guard wanted > 0, let base = buffer.baseAddress else { return 0 }
        switch reading {
        case .short:
            return try sndfile_readf_short(handle, base.assumingMemoryBound(to: Int16.self), wanted, path: path).get()
        case .int:
            return try sndfile_readf_int(handle, base.assumingMemoryBound(to: Int32.self), wanted, path: path).get()
        case .float:
            return try sndfile_readf_float(handle, base.assumingMemoryBound(to: Float.self), wanted, path: path).get()
        }
    }

    package func seek(toFrame frame: Int) throws {
        guard seekable else {
            throw SndFileError(file: path, function: "sf_seek", code: 0, message: "the stream cannot seek")
        }
        let target = min(max(0, frame), frameCount ?? Int.max)
        _ = try sndfile_seek(handle, target, path: path).get()
    }

    /// The name, bits and way of reading for a libsndfile major format and subtype.
    private static func describe(major: Int, subtype: Int) -> (name: String, bits: Int?, reading: Reading) {
        let lossless = major == Int(SF_FORMAT_FLAC) ? "FLAC" : "PCM"
        switch subtype {
        case Int(SF_FORMAT_PCM_S8), Int(SF_FORMAT_PCM_U8): return (lossless, 8, .short)
        case Int(SF_FORMAT_PCM_16): return (lossless, 16, .short)
        case Int(SF_FORMAT_PCM_24): return (lossless, 24, .int)
        case Int(SF_FORMAT_PCM_32): return (lossless, 32, .int)
        case Int(SF_FORMAT_FLOAT): return ("IEEE float", 32, .float)
        case Int(SF_FORMAT_DOUBLE): return ("IEEE float", 64, .float)
        case Int(SF_FORMAT_ALAW): return ("A-law", nil, .short)
        case Int(SF_FORMAT_ULAW): return ("µ-law", nil, .short)
        case Int(SF_FORMAT_IMA_ADPCM): return ("IMA ADPCM", nil, .short)
        case Int(SF_FORMAT_MS_ADPCM): return ("MS ADPCM", nil, .short)
        case Int(SF_FORMAT_GSM610): return ("GSM 6.10", nil, .short)
        case Int(SF_FORMAT_VORBIS): return ("Vorbis", nil, .float)
        case Int(SF_FORMAT_OPUS): return ("Opus", nil, .float)
        case Int(SF_FORMAT_MPEG_LAYER_I): return ("MPEG Layer I", nil, .float)
        case Int(SF_FORMAT_MPEG_LAYER_II): return ("MPEG Layer II", nil, .float)
        case Int(SF_FORMAT_MPEG_LAYER_III): return ("MPEG Layer III", nil, .float)
        default: return ("libsndfile subtype 0x" + String(subtype, radix: 16), nil, .float)
        }
    }
}
