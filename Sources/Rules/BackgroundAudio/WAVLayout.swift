/// What a WAV file's header says and where its samples are: the container, the encoding, the shape of
/// the samples, the data chunk's true extent and every chunk of the file.
///
/// Reading a layout reads only chunk headers, `fmt` and `ds64`, never the samples. It accepts RIFF
/// (little-endian), RIFX (big-endian), RF64 and BW64 (64-bit sizes from the `ds64` chunk); chunks in
/// any order, odd-sized chunks with or without their pad byte, and a data size that lies (0,
/// 0xFFFFFFFF or more than the file holds: the samples are what the file really contains). It throws an
/// `InputError` naming the file, the byte and the problem for what is not a well-formed WAV file.
/// Compressed encodings (A-law, ADPCM …) still parse, with ``sample`` nil.
///
/// ```swift
/// let layout = try WAVLayout(path: "speech.wav")
/// print(layout.encoding.name, layout.channels, layout.sampleRate, layout.frameCount ?? 0)
/// ```
public struct WAVLayout: Hashable, Sendable {
    /// The RIFF flavour of the file.
    public enum Container: String, Hashable, Sendable {
        /// Little-endian RIFF, the usual WAV.
        case riff = "RIFF"
        /// Big-endian RIFF: every header field and every sample is big-endian.
        case rifx = "RIFX"
        /// EBU Tech 3306 RF64: sizes over 4 GiB live in a `ds64` chunk.
        case rf64 = "RF64"
        /// ITU-R BS.2088 BW64: RF64 under another name.
        case bw64 = "BW64"
    }

    /// How the samples are encoded: from the format tag, or from the subformat GUID of an extensible file.
    public enum Encoding: Hashable, Sendable {
        /// Integer PCM (format tag 1); 8-bit samples are unsigned, wider ones signed.
        case pcm
        /// IEEE float (format tag 3).
        case float
        /// Any other format tag: A-law (6), µ-law (7), IMA ADPCM (0x11), MS ADPCM (2) …
        case compressed(tag: UInt16)
        /// An extensible file whose subformat GUID is not a format tag in the standard base GUID.
        case unknownSubformat(guid: String)

        init(tag: UInt16) {
            switch tag {
            case 1: self = .pcm
            case 3: self = .float
            default: self = .compressed(tag: tag)
            }
        }

        /// A short human name: "PCM", "IEEE float", "A-law", "IMA ADPCM", "format 0x1234".
        public var name: String {
            switch self {
            case .pcm: "PCM"
            case .float: "IEEE float"
            case .compressed(let tag):
                switch tag {
                case 0x0002: "MS ADPCM"
                case 0x0006: "A-law"
                case 0x0007: "µ-law"
                case 0x0011: "IMA ADPCM"
                case 0x0031: "GSM 6.10"
                case 0x0050: "MPEG"
                case 0x0055: "MPEG Layer III"
                default: "format 0x" + hex(tag, digits: 4)
                }
            case .unknownSubformat(let guid): "subformat \(guid)"
            }
        }
    }

    /// RIFF, RIFX, RF64 or BW64.
    public var container: Container
    /// The format tag as written (0xFFFE for WAVE_FORMAT_EXTENSIBLE).
    public var formatTag: UInt16
    /// The encoding, from the tag or the extensible subformat.
    public var encoding: Encoding
    public var channels: Int
    public var sampleRate: Int
    /// Bytes per frame, as the `fmt` chunk says.
    public var blockAlign: Int
    /// Bits per sample as written (the container size for an extensible file; 24 for 24-bit samples in
    /// 4-byte containers written as plain PCM).
    public var bitsPerSample: Int
    /// The significant bits of each sample (an extensible file's valid bits; else ``bitsPerSample``).
    public var validBitsPerSample: Int
    /// The speaker positions of an extensible file (bit 0 front left …); nil for other files.
    public var channelMask: UInt32?
    /// The sample format the WAV decoder produces, or nil when it does not decode this encoding.
    public var sample: AudioFormat.Sample?
    /// The byte offset of the `fmt` chunk's header.
    public var fmtOffset: Int
    /// The byte offset of the first sample.
    public var dataOffset: Int
    /// The bytes of samples the file really holds after ``dataOffset`` (whole frames for PCM and float).
    public var dataBytes: Int
    /// The data size the header declares; nil when it says "unknown" (0xFFFFFFFF, or 0 with samples after).
    public var declaredDataBytes: UInt64?
    /// Every chunk, in file order.
    public var chunks: [WAVChunk]

    /// Reads the layout of the WAV file at `path`.
    ///
    /// - Throws: `InputError` when the file cannot be read or is not a well-formed WAV file.
    public init(path: String) throws {
        try self.init(reader: FileReader(path: path))
    }

    /// Reads the layout of the WAV file open in `reader`.
    package init(reader: FileReader) throws {
        self = try WAVParser(reader: reader).parse()
    }

    init(
        container: Container, formatTag: UInt16, encoding: Encoding, channels: Int, sampleRate: Int,
        blockAlign: Int, bitsPerSample: Int, validBitsPerSample: Int, channelMask: UInt32?,
        sample: AudioFormat.Sample?, fmtOffset: Int, dataOffset: Int, dataBytes: Int,
        declaredDataBytes: UInt64?, chunks: [WAVChunk]
    ) {
        self.container = container
        self.formatTag = formatTag
        self.encoding = encoding
        self.channels = channels
        self.sampleRate = sampleRate
        self.blockAlign = blockAlign
        self.bitsPerSample = bitsPerSample
        self.validBitsPerSample = validBitsPerSample
        self.channelMask = channelMask
        self.sample = sample
        self.fmtOffset = fmtOffset
        self.dataOffset = dataOffset
        self.dataBytes = dataBytes
        self.declaredDataBytes = declaredDataBytes
        self.chunks = chunks
    }

    /// The format the WAV decoder produces, or nil when it does not decode this encoding.
    public var format: AudioFormat? {
        sample.map { AudioFormat(sample: $0, channels: channels, sampleRate: sampleRate) }
    }

    /// The number of frames, for the encodings the WAV decoder reads (PCM and float); nil otherwise.
    public var frameCount: Int? { sample == nil ? nil : dataBytes / blockAlign }

    /// The encoding in words, with its width for PCM and float: "16-bit PCM", "A-law (format tag 0x0006)".
    public var encodingDescription: String {
        switch encoding {
        case .pcm, .float: "\(bitsPerSample)-bit \(encoding.name)"
        case .compressed(let tag): "\(encoding.name) (format tag 0x\(hex(tag, digits: 4)))"
        case .unknownSubformat: "extensible \(encoding.name)"
        }
    }
}
