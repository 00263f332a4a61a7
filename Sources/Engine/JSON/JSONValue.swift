public import BackgroundCore

/// A JSON value as RFC 8259 defines it, with the members of an object in the order of the text.
///
/// Push payloads are read into this shape by a strict reader of bgkit's own (bounded nesting, duplicate
/// keys rejected, the line, column and byte offset of every error), since the tools stay free of Foundation and
/// FoundationEssentials' `JSONDecoder` accepts trailing commas and duplicate keys and reports no position.
/// ``jsonText`` writes the value back as compact JSON; reading that text gives the same value.
///
/// ```swift
/// let value = try JSONValue(parsing: Array(#"{"aps":{"content-available":1}}"#.utf8), file: "sync.apns")
/// value["aps"]?["content-available"]   // .number(1)
/// value.jsonText                       // {"aps":{"content-available":1}}
/// ```
public enum JSONValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// An object's members, in the order of the text; keys are unique.
    case object([Member])

    /// One member of an object: a key and its value.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// How deep arrays and objects may nest; deeper text is an error rather than a deep recursion.
    public static let maximumDepth = 64

    /// Reads exactly one JSON value (RFC 8259, UTF-8) from `bytes`; whitespace may surround it, and a UTF-8
    /// byte order mark may precede it.
    ///
    /// - Throws: ``InputError`` naming `file` and the line, column and byte offset where the text stops being JSON, the
    ///   problem and what to do.
    public init(parsing bytes: [UInt8], file: String) throws(InputError) {
        self = try JSONReader.read(bytes, file: file)
    }

    /// The value of `key` when this is an object holding it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value as compact JSON text (no spaces; integers without a fraction).
    public var jsonText: String {
        var out = ""
        JSONWriter.write(self, into: &out)
        return out
    }

    public var description: String { jsonText }
}
