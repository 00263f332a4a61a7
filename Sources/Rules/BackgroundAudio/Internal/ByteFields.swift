/// Little- or big-endian fields of a few header bytes, read without ever trapping: a field that runs past
/// the bytes reads as zero bytes.
struct ByteFields {
    let bytes: [UInt8]
    let bigEndian: Bool

    func u8(_ index: Int) -> UInt8 { index >= 0 && index < bytes.count ? bytes[index] : 0 }

    func unsigned(_ index: Int, width: Int) -> UInt64 {
        var value: UInt64 = 0
        for position in 0..<width {
            let byte = UInt64(u8(bigEndian ? index + position : index + width - 1 - position))
            value = value << 8 | byte
        }
        return value
    }

    func u16(_ index: Int) -> UInt16 { UInt16(truncatingIfNeeded: unsigned(index, width: 2)) }
    func u32(_ index: Int) -> UInt32 { UInt32(truncatingIfNeeded: unsigned(index, width: 4)) }
    func u64(_ index: Int) -> UInt64 { unsigned(index, width: 8) }

    /// Four bytes as a chunk id; bytes that are not printable ASCII become `\xNN`.
    func fourCC(_ index: Int) -> String { ByteFields.fourCC((0..<4).map { u8(index + $0) }) }

    /// True when all four bytes at `index` are printable ASCII, as a chunk id's are.
    func isPrintableID(_ index: Int) -> Bool { (0..<4).allSatisfy { (0x20...0x7E).contains(u8(index + $0)) } }

    static func fourCC(_ id: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in id {
            if (0x20...0x7E).contains(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + hex(byte, digits: 2)
            }
        }
        return text
    }
}

/// `value` in upper-case hexadecimal, zero-padded to `digits`.
func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
