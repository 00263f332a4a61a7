/// The shape of PCM audio: sample encoding, channels and rate.
///
/// Decoders report the format of what they produce; outputs are opened with it. Samples are
/// interleaved, little-endian (a RIFX file is byte-swapped by its decoder).
public struct AudioFormat: Hashable, Sendable, CustomStringConvertible {
    /// How one sample is stored.
    public enum Sample: String, Hashable, Sendable {
        /// 8-bit unsigned (WAV's 8-bit PCM).
        case u8
        case s16
        /// 24-bit signed packed in 3 bytes.
        case s24Packed
        /// 24-bit signed in the low 3 bytes of a 4-byte word.
        case s24In32
        case s32
        case f32
        case f64

        /// Bytes one sample occupies.
        public var bytes: Int {
            switch self {
            case .u8: 1
            case .s16: 2
            case .s24Packed: 3
            case .s24In32, .s32, .f32: 4
            case .f64: 8
            }
        }
    }

    public var sample: Sample
    public var channels: Int
    public var sampleRate: Int

    public init(sample: Sample, channels: Int, sampleRate: Int) {
        self.sample = sample
        self.channels = channels
        self.sampleRate = sampleRate
    }

    /// Bytes one frame (one sample per channel) occupies.
    public var bytesPerFrame: Int { sample.bytes * channels }

    public var description: String { "\(sample.rawValue), \(channels) ch, \(sampleRate) Hz" }
}
