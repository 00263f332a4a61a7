/// FNV-1a, 64 bits (Fowler, Noll, Vo): a fast hash of bytes that is the same on every platform and in every
/// run, unlike `Hasher`. The one such hash of the package: a transfer's `Idempotency-Key` seeds from it, and
/// a summary names its manifest by it.
package enum FNV1a64 {
    package static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
