/// Scales interleaved PCM samples by a gain that moves linearly from one value to another across the
/// frames of a buffer (a fade), in every ``AudioFormat/Sample`` encoding.
///
/// Integers are scaled in `Double`, rounded to nearest and clamped; `u8` is scaled around its midpoint
/// 128. Callers skip this entirely at a steady gain of exactly 1.0, so that samples pass bit for bit.
enum SampleGain {
    /// Applies a gain going from `from` (first frame) towards `to` (reached after `span` frames, where
    /// `span` may exceed `frames`) to `frames` frames of `buffer`.
    static func apply(
        to buffer: UnsafeMutableRawBufferPointer, frames: Int, format: AudioFormat,
        from: Double, to: Double, span: Int
    ) {
        let step = span > 0 ? (to - from) / Double(span) : 0
        let channels = format.channels
        let size = format.sample.bytes
        guard let base = buffer.baseAddress else { return }
        for frame in 0..<frames {
            let gain = span > 0 ? (frame < span ? from + step * Double(frame) : to) : to
            for channel in 0..<channels {
                scale(base + (frame * channels + channel) * size, format.sample, gain)
            }
        }
    }

    private static func scale(_ p: UnsafeMutableRawPointer, _ sample: AudioFormat.Sample, _ gain: Double) {
        switch sample {
        case .u8:
            let value = Double(Int(p.load(as: UInt8.self)) - 128) * gain
            p.storeBytes(of: UInt8(clamp(value, -128, 127) + 128), as: UInt8.self)
        case .s16:
            let value = Double(Int16(littleEndian: p.loadUnaligned(as: Int16.self))) * gain
            p.storeBytes(of: Int16(clamp(value, -32768, 32767)).littleEndian, toByteOffset: 0, as: Int16.self)
        case .s24Packed:
            let raw = Int32(p.load(as: UInt8.self)) | Int32(p.load(fromByteOffset: 1, as: UInt8.self)) << 8
                | Int32(p.load(fromByteOffset: 2, as: UInt8.self)) << 16
            let value = Int32(clamp(Double((raw << 8) >> 8) * gain, -8_388_608, 8_388_607))
            p.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
            p.storeBytes(of: UInt8(truncatingIfNeeded: value >> 8), toByteOffset: 1, as: UInt8.self)
            p.storeBytes(of: UInt8(truncatingIfNeeded: value >> 16), toByteOffset: 2, as: UInt8.self)
        case .s24In32:
            let raw = Int32(littleEndian: p.loadUnaligned(as: Int32.self))
            let value = Int32(clamp(Double((raw << 8) >> 8) * gain, -8_388_608, 8_388_607))
            p.storeBytes(of: value.littleEndian, toByteOffset: 0, as: Int32.self)
        case .s32:
            let value = Double(Int32(littleEndian: p.loadUnaligned(as: Int32.self))) * gain
            p.storeBytes(of: Int32(clamp(value, -2_147_483_648, 2_147_483_647)).littleEndian, toByteOffset: 0, as: Int32.self)
        case .f32:
            let bits = UInt32(littleEndian: p.loadUnaligned(as: UInt32.self))
            let value = Float(Double(Float(bitPattern: bits)) * gain)
            p.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: 0, as: UInt32.self)
        case .f64:
            let bits = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
            p.storeBytes(of: (Double(bitPattern: bits) * gain).bitPattern.littleEndian, toByteOffset: 0, as: UInt64.self)
        }
    }

    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Int64 {
        Int64(min(max(value.rounded(), low), high))
    }
}
