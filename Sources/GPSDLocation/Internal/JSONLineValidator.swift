/// Checks that one line from gpsd is a single well-formed JSON object, on its bytes.
///
/// libgps cannot tell us: its parser stops at the first error and `gps_read` still returns the line's length,
/// with whatever fields it had unpacked by then (a truncated `TPV` can look like a fix). So the reader checks
/// the raw line itself before trusting what libgps made of it. Strict RFC 8259 syntax, nesting at most
/// ``maximumDepth`` deep, no allocation.
///
/// ```swift
/// JSONLineValidator.firstError(in: line)   // nil, or the byte offset where the line stops being JSON
/// ```
enum JSONLineValidator {
    /// Deeper nesting than gpsd ever sends is rejected rather than followed.
    static let maximumDepth = 32

    /// The offset of the first byte that is not valid JSON (the line's length when it ends too early), or nil
    /// when the line is exactly one JSON object.
    static func firstError(in line: UnsafeBufferPointer<UInt8>) -> Int? {
        var scanner = Scanner(bytes: line)
        scanner.skipSpace()
        guard scanner.peek == UInt8(ascii: "{"), scanner.value(depth: 0) else { return scanner.position }
        scanner.skipSpace()
        return scanner.position == line.count ? nil : scanner.position
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }

        mutating func value(depth: Int) -> Bool {
            guard depth < JSONLineValidator.maximumDepth, let byte = peek else { return false }
            switch byte {
            case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), keyed: true, depth: depth)
            case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), keyed: false, depth: depth)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return word("true")
            case UInt8(ascii: "f"): return word("false")
            case UInt8(ascii: "n"): return word("null")
            default: return number()
            }
        }

        mutating func container(close: UInt8, keyed: Bool, depth: Int) -> Bool {
            position += 1
            skipSpace()
            if expect(close) { return true }
            while true {
                if keyed {
                    guard string() else { return false }
                    skipSpace()
                    guard expect(UInt8(ascii: ":")) else { return false }
                    skipSpace()
                }
                guard value(depth: depth + 1) else { return false }
                skipSpace()
                if expect(close) { return true }
                guard expect(UInt8(ascii: ",")) else { return false }
                skipSpace()
            }
        }

        mutating func string() -> Bool {
            guard expect(UInt8(ascii: "\"")) else { return false }
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    return true
                case UInt8(ascii: "\\"):
                    position += 1
                    guard let escaped = peek else { return false }
                    if escaped == UInt8(ascii: "u") {
                        position += 1
                        for _ in 0..<4 {
                            guard let digit = peek, digit.isHexDigit else { return false }
                            position += 1
                        }
                    } else {
                        guard "\"\\/bfnrt".utf8.contains(escaped) else { return false }
                        position += 1
                    }
                case ..<0x20:
                    return false
                default:
                    position += 1
                }
            }
            return false
        }

        mutating func word(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard bytes.count - position >= count else {
                position = bytes.count
                return false
            }
            for offset in 0..<count where bytes[position + offset] != text.utf8Start[offset] { return false }
            position += count
            return true
        }

        mutating func number() -> Bool {
            _ = expect(UInt8(ascii: "-"))
            if !expect(UInt8(ascii: "0")) {
                guard digits() else { return false }
            }
            if expect(UInt8(ascii: ".")) {
                guard digits() else { return false }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                position += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
                guard digits() else { return false }
            }
            return true
        }

        /// One or more decimal digits.
        mutating func digits() -> Bool {
            let start = position
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
            return position > start
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
