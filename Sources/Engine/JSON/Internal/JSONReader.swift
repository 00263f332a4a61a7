import BackgroundCore

/// The strict RFC 8259 reader behind ``JSONValue/init(parsing:file:)``: one value, UTF-8, no trailing
/// commas, comments or extra text, unique keys in each object, nesting at most ``JSONValue/maximumDepth``
/// deep, and every error at the line, column and byte offset where the text stops being JSON.
struct JSONReader {
    private let bytes: [UInt8]
    private let file: String
    private var position = 0

    static func read(_ bytes: [UInt8], file: String) throws(InputError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.position == bytes.count else {
            throw reader.error("more text after the JSON value", fix: "remove it, or wrap the values in one object")
        }
        return value
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func error(_ problem: String, at offset: Int? = nil, fix: String = "fix the JSON there") -> InputError {
        let offset = offset ?? position
        let (line, column) = Self.lineAndColumn(of: offset, in: bytes)
        return InputError(file: file, place: .text(line: line, column: column, byte: offset), message: "\(problem); \(fix) (RFC 8259)")
    }

    /// The line (lines end at LF) and column (counting characters, not UTF-8 continuation bytes) of a
    /// byte offset, both from 1; a byte order mark takes no column.
    private static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, offset) : 0
        for byte in bytes[start..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// "the text ends" when the input is exhausted, otherwise the unexpected character.
    private func unexpected(_ expected: String) -> InputError {
        guard let byte = peek else { return error("the text ends where \(expected) was expected") }
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return error("\(shown) where \(expected) was expected")
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func value(depth: Int) throws(InputError) -> JSONValue {
        switch peek {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")): return .number(try number())
        default: throw unexpected("a value (object, array, string, number, true, false or null)")
        }
    }

    /// Steps into an array or object at its opening bracket; true when it closes at once (`[]`, `{}`).
    private mutating func enter(_ depth: Int, close: UInt8) throws(InputError) -> Bool {
        guard depth <= JSONValue.maximumDepth else {
            throw error("arrays and objects nested deeper than \(JSONValue.maximumDepth)", fix: "flatten the data")
        }
        position += 1
        skipSpace()
        return closes(close)
    }

    private mutating func closes(_ close: UInt8) -> Bool {
        guard peek == close else { return false }
        position += 1
        return true
    }

    /// After an element: true at the closing bracket, false after a comma (a trailing one is an error).
    private mutating func endsAfterElement(close: UInt8, expected: String) throws(InputError) -> Bool {
        skipSpace()
        if closes(close) { return true }
        guard peek == UInt8(ascii: ",") else { throw unexpected(expected) }
        position += 1
        skipSpace()
        if peek == close {
            throw error("a comma before '\(Character(UnicodeScalar(close)))'", fix: "remove the trailing comma")
        }
        return false
    }

    private mutating func object(depth: Int) throws(InputError) -> JSONValue {
        var members: [JSONValue.Member] = []
        if try enter(depth, close: UInt8(ascii: "}")) { return .object(members) }
        var keys: Set<String> = []
        while true {
            guard peek == UInt8(ascii: "\"") else { throw unexpected("a key (a string in double quotes)") }
            let keyOffset = position
            let key = try string()
            guard keys.insert(key).inserted else {
                throw error("the key '\(key)' appears twice in one object", at: keyOffset, fix: "keep one of them")
            }
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw unexpected("':' after the key '\(key)'") }
            position += 1
            skipSpace()
            members.append(JSONValue.Member(key, try value(depth: depth)))
            if try endsAfterElement(close: UInt8(ascii: "}"), expected: "',' or '}' after the value of '\(key)'") {
                return .object(members)
            }
        }
    }

    private mutating func array(depth: Int) throws(InputError) -> JSONValue {
        var elements: [JSONValue] = []
        if try enter(depth, close: UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try value(depth: depth))
            if try endsAfterElement(close: UInt8(ascii: "]"), expected: "',' or ']' after an array element") {
                return .array(elements)
            }
        }
    }

    private mutating func word(_ text: StaticString) throws(InputError) {
        let start = position
        for expected in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) {
            guard peek == expected else {
                throw error("not a JSON value", at: start, fix: "write true, false or null in lower case, or quote the string")
            }
            position += 1
        }
    }

    private mutating func digits() -> Int {
        let start = position
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }

    private mutating func number() throws(InputError) -> Double {
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        if peek == UInt8(ascii: "0") {
            position += 1
            if let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                throw error("a number with a leading zero", fix: "remove the zero")
            }
        } else if digits() == 0 {
            throw unexpected("a digit")
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw unexpected("a digit after the decimal point") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw unexpected("a digit in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)), value.isFinite else {
            throw error("a number too large for a double", at: start, fix: "send it as a string")
        }
        return value
    }

    private mutating func string() throws(InputError) -> String {
        let start = position
        position += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek else { throw error("the text ends inside the string that starts at byte \(start)") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw error("the string is not valid UTF-8", at: start, fix: "save the file as UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try escape(into: &utf8)
            case 0..<0x20:
                throw error("a control character (0x\(String(byte, radix: 16))) inside a string", fix: "write it as an escape such as \\n or \\u0009")
            default:
                utf8.append(byte)
                position += 1
            }
        }
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(InputError) {
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        guard let byte = peek else { throw error("the text ends inside an escape") }
        if let replacement = simple[byte] {
            utf8.append(replacement)
            position += 1
            return
        }
        guard byte == UInt8(ascii: "u") else {
            throw error("'\\\(Character(UnicodeScalar(byte)))' is not a JSON escape", at: position - 1,
                        fix: "use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
        }
        let escapeStart = position - 1
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard peek == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                throw error("a high surrogate without its low surrogate", at: escapeStart, fix: "escape the character as a \\uD8xx\\uDCxx pair")
            }
            position += 1
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else {
                throw error("a high surrogate without its low surrogate", at: escapeStart, fix: "escape the character as a \\uD8xx\\uDCxx pair")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw error("a low surrogate without a high surrogate before it", at: escapeStart, fix: "escape the character as a \\uD8xx\\uDCxx pair")
        }
        utf8.append(contentsOf: String(Character(UnicodeScalar(scalar)!)).utf8)
    }

    /// Reads `uXXXX` (the `u` at the current position) and returns the code unit.
    private mutating func hex4() throws(InputError) -> UInt32 {
        position += 1
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexDigit(byte) else { throw unexpected("a hexadecimal digit of a \\u escape") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
