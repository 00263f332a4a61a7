package import BackgroundAudio
import BackgroundCore

/// Opens and describes audio files, choosing the decoder from the file's content.
///
/// WAV (RIFF, RIFX, RF64, BW64) with PCM or float samples goes to the pure-Swift ``WAVDecoder``, bit for
/// bit; FLAC, Ogg (Vorbis, Opus), MP3 and WAV with A-law, µ-law, IMA/MS ADPCM or GSM 6.10 go to
/// ``SndFileDecoder``. Anything else is refused with an `InputError` naming the file.
///
/// ```swift
/// let decoder = try AudioFile.open("speech.wav")
/// try output.open(decoder.format)
/// let info = try AudioFile.info("song.flac")   // format .flac, encoding "FLAC", 2 ch, 44100 Hz …
/// ```
package enum AudioFile {
    /// WAV format tags that libsndfile decodes and the WAV decoder does not: MS ADPCM, A-law, µ-law,
    /// IMA ADPCM, GSM 6.10.
    static let sndFileWAVTags: Set<UInt16> = [0x0002, 0x0006, 0x0007, 0x0011, 0x0031]

    /// True for a WAV file whose encoding goes to libsndfile instead of the WAV decoder.
    static func decodesThroughLibsndfile(_ layout: WAVLayout) -> Bool {
        guard layout.sample == nil, case .compressed(let tag) = layout.encoding else { return false }
        return sndFileWAVTags.contains(tag)
    }

    /// A decoder for the audio file at `path`.
    ///
    /// - Throws: `InputError` for a file that is missing, unreadable, malformed or not a supported audio
    ///   file; `SndFileError` when libsndfile cannot read a file it should.
    package static func open(_ path: String) throws -> any AudioDecoder {
        // One open and one header parse for the WAV decoder; libsndfile opens the file itself.
        let reader = try FileReader(path: path)
        switch try SniffedContainer(reader: reader) {
        case .wav:
            let layout = try WAVLayout(reader: reader)
            if decodesThroughLibsndfile(layout) { return try SndFileDecoder(path: path) }
            return try WAVDecoder(reader: reader, layout: layout)
        case .flac, .ogg, .mpeg:
            return try SndFileDecoder(path: path)
        }
    }

    /// What the audio file at `path` is: format, encoding, shape, length and (for WAV) its chunks.
    ///
    /// A WAV file whose encoding cannot be decoded is still described, with ``AudioFileInfo/decodedFormat``
    /// nil.
    ///
    /// - Throws: as ``open(_:)``, for files that are not well-formed audio files.
    package static func info(_ path: String) throws -> AudioFileInfo {
        let reader = try FileReader(path: path)
        switch try SniffedContainer(reader: reader) {
        case .wav:
            let layout = try WAVLayout(reader: reader)
            var frames = layout.frameCount
            var decoded = layout.format
            if decodesThroughLibsndfile(layout), let decoder = try? SndFileDecoder(path: path) {
                frames = decoder.frameCount
                decoded = decoder.format
            }
            let format: AudioFileInfo.Format =
                switch layout.container {
                case .riff: .wav
                case .rifx: .rifx
                case .rf64: .rf64
                case .bw64: .bw64
                }
            let integerOrFloat = layout.encoding == .pcm || layout.encoding == .float
            return AudioFileInfo(
                path: path, format: format, encoding: layout.encoding.name, channels: layout.channels,
                sampleRate: layout.sampleRate, bitsPerSample: integerOrFloat ? layout.bitsPerSample : nil,
                validBitsPerSample: integerOrFloat ? layout.validBitsPerSample : nil, frames: frames,
                channelMask: layout.channelMask, decodedFormat: decoded, wav: layout)
        case let container:
            let decoder = try SndFileDecoder(path: path)
            let format: AudioFileInfo.Format =
                switch container {
                case .flac: .flac
                case .ogg: .ogg
                default: .mpeg
                }
            return AudioFileInfo(
                path: path, format: format, encoding: decoder.encoding, channels: decoder.format.channels,
                sampleRate: decoder.format.sampleRate, bitsPerSample: decoder.bitsPerSample,
                validBitsPerSample: decoder.bitsPerSample, frames: decoder.frameCount, channelMask: nil,
                decodedFormat: decoder.format, wav: nil)
        }
    }
}
