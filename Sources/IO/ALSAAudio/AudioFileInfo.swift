package import BackgroundAudio

/// What `bgaudio info` reports about an audio file: its format, encoding, shape, length and, for WAV,
/// its chunks.
///
/// ```swift
/// let info = try AudioFile.info("speech.wav")
/// print(info.encoding, info.channels, info.sampleRate, info.duration ?? 0)   // PCM 1 8000 6.0
/// ```
package struct AudioFileInfo: Hashable, Sendable {
    /// The container, as detected from the file's content.
    package enum Format: String, Hashable, Sendable {
        case wav, rifx, rf64, bw64, flac, ogg, mpeg
    }

    /// The path the information is about.
    package var path: String
    package var format: Format
    /// The encoding in words: "PCM", "IEEE float", "A-law", "FLAC", "Vorbis", "Opus", "MPEG Layer III" …
    package var encoding: String
    package var channels: Int
    package var sampleRate: Int
    /// Bits per sample as the file states it; nil for lossy codecs.
    package var bitsPerSample: Int?
    /// The significant bits per sample (less than ``bitsPerSample`` in some extensible WAV files).
    package var validBitsPerSample: Int?
    /// The number of frames the file really holds, when known.
    package var frames: Int?
    /// The speaker mask of an extensible WAV file.
    package var channelMask: UInt32?
    /// The format ``AudioFile/open(_:)`` decodes to, or nil when it cannot decode the file.
    package var decodedFormat: AudioFormat?
    /// The WAV layout (chunks, where the samples are, the declared data size); nil for other formats.
    package var wav: WAVLayout?

    package init(
        path: String, format: Format, encoding: String, channels: Int, sampleRate: Int, bitsPerSample: Int?,
        validBitsPerSample: Int?, frames: Int?, channelMask: UInt32?, decodedFormat: AudioFormat?, wav: WAVLayout?
    ) {
        self.path = path
        self.format = format
        self.encoding = encoding
        self.channels = channels
        self.sampleRate = sampleRate
        self.bitsPerSample = bitsPerSample
        self.validBitsPerSample = validBitsPerSample
        self.frames = frames
        self.channelMask = channelMask
        self.decodedFormat = decodedFormat
        self.wav = wav
    }

    /// The duration in seconds (frames / sample rate), when the frame count is known.
    package var duration: Double? { frames.map { Double($0) / Double(sampleRate) } }

    /// The chunks of a WAV file, in file order; empty for other formats.
    package var chunks: [WAVChunk] { wav?.chunks ?? [] }
}
