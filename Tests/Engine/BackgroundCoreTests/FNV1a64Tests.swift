import BackgroundCore
import Testing

@Suite struct FNV1a64Tests {
    /// The published FNV-1a 64-bit test vectors (Fowler, Noll, Vo).
    @Test(arguments: [("", 0xCBF2_9CE4_8422_2325 as UInt64), ("a", 0xAF63_DC4C_8601_EC8C), ("foobar", 0x8594_4171_F739_67E8)])
    func hashesAsPublished(text: String, expected: UInt64) {
        #expect(FNV1a64.hash(Array(text.utf8)) == expected)
        #expect(FNV1a64.hash(text) == expected, "a string hashes as its UTF-8 bytes")
    }

    @Test func aStringHashesAsItsBytes() {
        let identifier = "com.example.headlines.background-é"
        #expect(FNV1a64.hash(identifier) == FNV1a64.hash(identifier.utf8))
    }
}
