/// FNV-1a, 64 bits (Fowler, Noll, Vo): a fast hash of bytes that is the same on every platform and in every
/// run, unlike `Hasher`. The one such hash of the package: a transfer's `Idempotency-Key` seeds from it, and
/// a summary names its manifest by it.
package enum FNV1a64 {
    package static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// The hash of `text`'s UTF-8 bytes. The generic hash is specialized here, in its own module: called
    /// from another, it runs unspecialized, each byte through `Sequence`'s witnesses (10,000 instructions
    /// for a session's identifier, at every transfer of every user).
    package static func hash(_ text: String) -> UInt64 {
        hash(text.utf8)
    }
}
