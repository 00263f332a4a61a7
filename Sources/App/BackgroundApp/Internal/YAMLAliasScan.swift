/// Finds YAML aliases (`*name`) in manifest text before the YAML parser sees it.
///
/// An alias repeats the node its anchor names, so a few hundred bytes of nested aliases stand for
/// billions of nodes ("billion laughs"); hashing such a node as a mapping key never ends. A manifest has
/// no use for aliases, so the parser refuses them. The scan errs on the safe side: it ignores quoting, so
/// no quote can hide an alias, and reports every `*` that starts a token (after a line's indentation,
/// whitespace or `[`, `{`, `,`) and is followed by a name. Whole-line comments are skipped. A value that
/// really starts with `*` must be quoted anyway, and `"*x"` is not reported.
enum YAMLAliasScan {
    /// The line and column (1-based) and the text of the first alias, or nil when there is none.
    static func firstAlias(in text: String) -> (line: Int, column: Int, alias: String)? {
        var line = 1
        var column = 0
        var previous: UInt8 = 10
        var lineIsComment = false
        var atLineStart = true
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            column += 1
            if byte == 10 {
                line += 1
                column = 0
                atLineStart = true
                lineIsComment = false
            } else if atLineStart, byte != 32, byte != 9 {
                atLineStart = false
                lineIsComment = byte == UInt8(ascii: "#")
            }
            if !lineIsComment, byte == UInt8(ascii: "*"), startsToken(previous), index + 1 < bytes.count,
               isNameByte(bytes[index + 1]) {
                var end = index + 1
                while end < bytes.count, isNameByte(bytes[end]), end - index < 40 { end += 1 }
                return (line, column, String(decoding: bytes[index..<end], as: UTF8.self))
            }
            previous = byte
            index += 1
        }
        return nil
    }

    private static func startsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 10, 13, 32, 9, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","): true
        default: false
        }
    }

    /// Anchor names are any characters but whitespace and the flow indicators.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 10, 13, 32, 9, UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","): false
        default: true
        }
    }
}
