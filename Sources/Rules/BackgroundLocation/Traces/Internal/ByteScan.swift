/// Eight bytes at a time: the readers' scans for the next byte of interest ('<', '>', a quote, a line end)
/// load a 64-bit word and test all eight bytes at once (SWAR), instead of one compare and branch per byte.
///
/// `equal(word, byte)` has the top bit set in every byte of `word` that equals `byte`, possibly also in
/// bytes above (more significant than) the first such byte (a borrow can carry), never below it; so the
/// lowest set bit, `firstIndex(mask)`, is always exact on a little-endian machine.
enum ByteScan {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `p` (unaligned).
    @inline(__always) static func word(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// Top bit set in each byte of `word` equal to `byte` (and perhaps above the first; see above).
    @inline(__always) static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// The index (0…7) of the first byte a non-zero mask marks.
    @inline(__always) static func firstIndex(_ mask: UInt64) -> Int { mask.trailingZeroBitCount >> 3 }
}
