import BackgroundCore
import JSON
import Testing

@Suite struct JSONValueTests {
    struct Valid: CustomTestStringConvertible, Sendable {
        let text: String
        let value: JSONValue
        var testDescription: String { text }
    }

    static let valid: [Valid] = [
        Valid(text: "{}", value: .object([])),
        Valid(text: " [ ] ", value: .array([])),
        Valid(text: "\u{FEFF}{\"a\":1}", value: .object([.init("a", .number(1))])),
        Valid(text: "[true,false,null]", value: .array([.bool(true), .bool(false), .null])),
        Valid(text: "[0,-0,1.5,-2e3,1E+2,3e-1]",
              value: .array([.number(0), .number(0), .number(1.5), .number(-2000), .number(100), .number(0.3)])),
        Valid(text: #""a\"b\\c\/d\b\f\n\r\t""#, value: .string("a\"b\\c/d\u{8}\u{C}\n\r\t")),
        Valid(text: #""caf\u00e9 \u00E9""#, value: .string("café é")),
        Valid(text: #""\ud83d\ude00""#, value: .string("😀")),
        Valid(text: "\"😀 raw UTF-8\"", value: .string("😀 raw UTF-8")),
        Valid(text: "{\"b\":{\"c\":[1,{\"d\":\"e\"}]},\"a\":2}", value: .object([
            .init("b", .object([.init("c", .array([.number(1), .object([.init("d", .string("e"))])]))])),
            .init("a", .number(2)),
        ])),
        Valid(text: "\t\r\n 7 \n", value: .number(7)),
    ]

    @Test(arguments: valid) func readsValidJSON(_ c: Valid) throws {
        let value = try JSONValue(parsing: Array(c.text.utf8), file: "t.json")
        #expect(value == c.value)
        #expect(try JSONValue(parsing: Array(value.jsonText.utf8), file: "t.json") == value)
    }

    struct Invalid: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let offset: Int
        let says: String
        var testDescription: String { name }
        init(_ name: String, _ text: String, at offset: Int, _ says: String) {
            self.init(name, Array(text.utf8), at: offset, says)
        }
        init(_ name: String, _ bytes: [UInt8], at offset: Int, _ says: String) {
            (self.name, self.bytes, self.offset, self.says) = (name, bytes, offset, says)
        }
    }

    static let invalid: [Invalid] = [
        Invalid("empty", "", at: 0, "the text ends where a value"),
        Invalid("trailing garbage", "{} x", at: 3, "more text after the JSON value"),
        Invalid("two values", "1 2", at: 2, "more text after"),
        Invalid("trailing comma in object", "{\"a\":1,}", at: 7, "remove the trailing comma"),
        Invalid("trailing comma in array", "[1,]", at: 3, "remove the trailing comma"),
        Invalid("missing colon", "{\"a\" 1}", at: 5, "':' after the key 'a'"),
        Invalid("unquoted key", "{a:1}", at: 1, "a key (a string in double quotes)"),
        Invalid("single quotes", "{'a':1}", at: 1, "a key"),
        Invalid("duplicate key", "{\"a\":1,\"b\":2,\"a\":3}", at: 13, "the key 'a' appears twice"),
        Invalid("duplicate key nested", "{\"x\":{\"k\":1,\"k\":1}}", at: 12, "the key 'k' appears twice"),
        Invalid("unclosed object", "{\"a\":1", at: 6, "the text ends where ',' or '}'"),
        Invalid("unclosed string", "\"abc", at: 4, "ends inside the string that starts at byte 0"),
        Invalid("control character in string", "\"a\nb\"", at: 2, "control character (0xa)"),
        Invalid("bad escape", #""\x""#, at: 1, "'\\x' is not a JSON escape"),
        Invalid("short unicode escape", #""\u12""#, at: 5, "hexadecimal digit"),
        Invalid("lone high surrogate", #""\ud800x""#, at: 1, "high surrogate without its low"),
        Invalid("high then non-low surrogate", #""\ud800\u0041""#, at: 1, "high surrogate without its low"),
        Invalid("lone low surrogate", #""\udc00""#, at: 1, "low surrogate without a high"),
        Invalid("invalid UTF-8", [0x22, 0xC3, 0x28, 0x22], at: 0, "not valid UTF-8"),
        Invalid("leading zero", "01", at: 1, "leading zero"),
        Invalid("plus sign", "+1", at: 0, "'+' where a value"),
        Invalid("bare minus", "-", at: 1, "a digit"),
        Invalid("no fraction digits", "1.", at: 2, "a digit after the decimal point"),
        Invalid("no exponent digits", "1e+", at: 3, "a digit in the exponent"),
        Invalid("number too large", "1e400", at: 0, "too large for a double"),
        Invalid("capitalised literal", "True", at: 0, "'T' where a value"),
        Invalid("truncated literal", "[tru]", at: 1, "not a JSON value"),
        Invalid("comment", "{} // note", at: 3, "more text after"),
        Invalid("NaN", "NaN", at: 0, "'N' where a value"),
        Invalid("binary", [0x00], at: 0, "byte 0x0 where a value"),
    ]

    @Test(arguments: invalid) func rejectsInvalidJSONAtItsOffset(_ c: Invalid) {
        #expect {
            try JSONValue(parsing: c.bytes, file: "t.json")
        } throws: { error in
            let text = String(describing: error)
            guard case .text(_, _, let byte)? = (error as? InputError)?.place, byte == c.offset else { return false }
            return text.hasPrefix("t.json:") && text.contains(": byte \(c.offset): ") && text.contains(c.says)
                && text.hasSuffix("(RFC 8259)") && !text.contains("\n")
        }
    }

    /// The line and column beside the byte: lines end at LF, a column counts characters (é is one, two
    /// bytes), a byte order mark takes none.
    @Test func namesTheLineAndColumnBesideTheByte() {
        let cases: [([UInt8], String)] = [
            (Array("{\n  \"a\": \"é\",\n}".utf8), "t.json:3:1: byte 15: a comma before '}'"),
            ([0xEF, 0xBB, 0xBF] + Array("[1,]".utf8), "t.json:1:4: byte 6: a comma before ']'"),
            (Array("\n\n  x".utf8), "t.json:3:3: byte 4: 'x' where a value"),
        ]
        for (bytes, start) in cases {
            #expect(throws: InputError.self) { try JSONValue(parsing: bytes, file: "t.json") }
            do {
                _ = try JSONValue(parsing: bytes, file: "t.json")
            } catch {
                #expect(error.description.hasPrefix(start), "\(error)")
            }
        }
    }

    @Test func limitsNesting() throws {
        let deepest = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        _ = try JSONValue(parsing: Array(deepest.utf8), file: "t.json")
        let tooDeep = String(repeating: "[", count: JSONValue.maximumDepth + 1) + String(repeating: "]", count: JSONValue.maximumDepth + 1)
        #expect(throws: InputError(file: "t.json", place: .text(line: 1, column: JSONValue.maximumDepth + 1, byte: JSONValue.maximumDepth),
                                   message: "arrays and objects nested deeper than 64; flatten the data (RFC 8259)")) {
            try JSONValue(parsing: Array(tooDeep.utf8), file: "t.json")
        }
        // A hundred thousand brackets: an error, not a stack overflow.
        #expect(throws: InputError.self) { try JSONValue(parsing: [UInt8](repeating: UInt8(ascii: "["), count: 100_000), file: "t.json") }
    }

    @Test func writesCompactJSONThatEscapesWhatItMust() {
        let value = JSONValue.object([
            .init("s", .string("q\"b\\n\n\u{1}é")), .init("i", .number(42)), .init("f", .number(0.25)),
            .init("big", .number(1e300)), .init("neg", .number(-3)), .init("a", .array([.null, .bool(false)])),
        ])
        #expect(value.jsonText == #"{"s":"q\"b\\n\n\u0001é","i":42,"f":0.25,"big":1e+300,"neg":-3,"a":[null,false]}"#)
        #expect(value["i"] == .number(42))
        #expect(value["missing"] == nil)
        #expect(JSONValue.array([])["i"] == nil)
    }
}
