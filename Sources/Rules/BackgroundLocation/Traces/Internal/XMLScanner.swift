import BackgroundCore

/// A streaming, allocation-free XML tokenizer over a ``ChunkedInput``, just enough XML for GPX, and safe:
/// no DTDs (a `<!DOCTYPE` is an error), no entities beyond the five predefined ones and numeric character
/// references, never any file or network access.
///
/// `next()` returns start and end tags, whose name and attribute bytes stay valid until the following
/// call. Text between tags is not a token: while `capturing` is on, the text (entities decoded, CDATA
/// included) collects in `text`; otherwise it is checked and skipped. `sawText` says whether any
/// non-white-space text went by since `resetText()`.
struct XMLScanner: ~Copyable {
    enum Token {
        case start(name: Range<Int>, attributes: Range<Int>, selfClosing: Bool)
        case end(name: Range<Int>)
        case endOfFile
    }

    static let textCapacity = 1024
    var input: ChunkedInput
    var capturing = false
    /// When on, `textPlace` records where the first non-white-space text after `resetText()` is.
    var locatingText = false
    private(set) var sawText = false
    private(set) var textPlace: InputError.Place?
    let text: UnsafeMutablePointer<UInt8>
    private(set) var textCount = 0
    private(set) var textOverflow = false
    /// Where the current token began, for error messages.
    private(set) var tokenStart = 0

    init(input: consuming ChunkedInput) {
        self.input = input
        text = .allocate(capacity: Self.textCapacity)
    }

    deinit { text.deallocate() }

    var bytes: UnsafeMutablePointer<UInt8> { input.bytes }

    /// An error at the current token.
    mutating func error(_ message: String) -> InputError {
        InputError(file: input.path, place: input.place(at: tokenStart), message: message)
    }

    mutating func resetText() {
        textCount = 0
        textOverflow = false
        sawText = false
        textPlace = nil
    }

    private mutating func noteText(at index: Int) {
        if !sawText {
            sawText = true
            if locatingText { textPlace = input.place(at: index) }
        }
    }

    private mutating func appendText(_ byte: UInt8) {
        if textCount < Self.textCapacity {
            text[textCount] = byte
            textCount += 1
        } else {
            textOverflow = true
        }
    }

    private mutating func appendText(_ run: UnsafePointer<UInt8>, _ count: Int) {
        guard count > 0 else { return }
        let fits = min(count, Self.textCapacity - textCount)
        (text + textCount).update(from: run, count: fits)
        textCount += fits
        if fits < count { textOverflow = true }
    }

    /// The end of a tag name at `from`: the first white space, '>', '/', '<' or quote, or `end`. When it is
    /// '>' (or "/>"), the tag has no attributes, and its name ends there exactly as the general scan
    /// (`tagEnd`) would find it.
    @inline(__always) static func plainNameEnd(_ bytes: UnsafeMutablePointer<UInt8>, from: Int, end: Int) -> Int {
        // The stop bytes are all below 64: one bit each in a word, one test per byte.
        let stops: UInt64 = 1 << 62 | 1 << 47 | 1 << 60 | 1 << 34 | 1 << 39 | 1 << 32 | 1 << 9 | 1 << 10 | 1 << 13
        var q = from
        // Eight bytes at a time past bytes of 64 and above (letters), to the first below 64 (a stop byte,
        // or a digit, '-', '.' or ':' of the name, stepped over one at a time).
        while q + 8 <= end {
            let word = ByteScan.word(bytes + q)
            let below64 = ~(word | word << 1) & ByteScan.highs
            if below64 == 0 {
                q += 8
                continue
            }
            q += ByteScan.firstIndex(below64)
            if stops >> UInt64(bytes[q]) & 1 != 0 { return q }
            q += 1
        }
        while q < end {
            let c = bytes[q]
            if c < 64, stops >> UInt64(c) & 1 != 0 { break }
            q += 1
        }
        return q
    }

    /// The index of the first '<' or '&' in `bytes[from..<end]`, or `end`.
    @inline(__always) static func nextMarkup(_ bytes: UnsafeMutablePointer<UInt8>, from: Int, end: Int) -> Int {
        var p = from
        while p + 8 <= end {
            let word = ByteScan.word(bytes + p)
            let mask = ByteScan.equal(word, 60) | ByteScan.equal(word, 38)
            if mask != 0 { return p + ByteScan.firstIndex(mask) }
            p += 8
        }
        while p < end, bytes[p] != 60, bytes[p] != 38 { p += 1 }
        return p
    }

    /// Makes `count` bytes from `input.position` available if the file has them; false at the end of the file.
    private mutating func ensure(_ count: Int, tooLong: @autoclosure () -> String) throws(InputError) -> Bool {
        while input.end - input.position < count {
            guard let shift = try input.refill(keeping: input.position, tooLong: tooLong()) else { return false }
            tokenStart -= shift
        }
        return true
    }

    mutating func next() throws(InputError) -> Token {
        while true {
            // Text up to the next '<'.
            var p = input.position
            let end = input.end
            if locatingText {
                // Outside the root: every byte is looked at, for the place of stray text.
                while p < end {
                    let c = bytes[p]
                    if c == 60 { break }  // <
                    if c == 38 {  // &
                        input.position = p
                        try entityInText()
                        p = input.position
                        continue
                    }
                    if c != 32, c != 10, c != 13, c != 9, !sawText { noteText(at: p) }
                    if capturing { appendText(c) }
                    p += 1
                }
            } else {
                // Inside it: straight to the next '<' or '&', eight bytes at a time; a value's text is
                // copied in one go.
                while true {
                    let run = p
                    p = Self.nextMarkup(bytes, from: p, end: end)
                    if capturing { appendText(bytes + run, p - run) }
                    guard p < end, bytes[p] == 38 else { break }
                    input.position = p
                    try entityInText()
                    p = input.position
                }
            }
            input.position = p
            if p == end {
                tokenStart = p
                guard try ensure(1, tooLong: "") else { return .endOfFile }
                continue
            }
            tokenStart = p
            guard try ensure(2, tooLong: "") else { throw error("the file ends in the middle of a tag") }
            switch bytes[input.position + 1] {
            case 63:  // <?
                try skip(past: "?>", what: "processing instruction")
            case 33:  // <!
                try bang()
            case 47:  // </
                // Most end tags are `</name>` whole in the buffer: no need for the general scan.
                let q = Self.plainNameEnd(bytes, from: tokenStart + 2, end: input.end)
                if q < input.end, bytes[q] == 62, q > tokenStart + 2, isNameStart(bytes[tokenStart + 2]) {
                    input.position = q + 1
                    return .end(name: (tokenStart + 2)..<q)
                }
                let (close, _) = try tagEnd()
                var nameEnd = close
                while nameEnd > tokenStart + 2, isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
                let name = (tokenStart + 2)..<nameEnd
                guard !name.isEmpty, isNameStart(bytes[name.lowerBound]) else { throw error("an end tag without a name") }
                input.position = close + 1
                return .end(name: name)
            default:
                guard isNameStart(bytes[input.position + 1]) else {
                    throw error("'<' that does not begin a tag (write '&lt;' for a literal '<')")
                }
                // `<name>` and `<name/>` whole in the buffer need no attribute-aware scan.
                let q = Self.plainNameEnd(bytes, from: tokenStart + 1, end: input.end)
                if q < input.end, bytes[q] == 62 {
                    input.position = q + 1
                    return .start(name: (tokenStart + 1)..<q, attributes: q..<q, selfClosing: false)
                }
                if q + 1 < input.end, bytes[q] == 47, bytes[q + 1] == 62 {
                    input.position = q + 2
                    return .start(name: (tokenStart + 1)..<q, attributes: q..<q, selfClosing: true)
                }
                let (close, selfClosing) = try tagEnd()
                var nameEnd = tokenStart + 1
                let limit = selfClosing ? close - 1 : close
                while nameEnd < limit, !isSpace(bytes[nameEnd]) { nameEnd += 1 }
                let name = (tokenStart + 1)..<nameEnd
                input.position = close + 1
                return .start(name: name, attributes: nameEnd..<limit, selfClosing: selfClosing)
            }
        }
    }

    /// Finds the '>' that ends the tag at `tokenStart` (outside quoted attribute values), reading more as needed.
    private mutating func tagEnd() throws(InputError) -> (close: Int, selfClosing: Bool) {
        var p = tokenStart + 1
        var quote: UInt8 = 0
        while true {
            let end = input.end
            // Eight bytes at a time to the next byte that matters: outside quotes '>', '"', "'" or '<';
            // inside them only the closing quote.
            while p < end {
                if p + 8 <= end {
                    let word = ByteScan.word(bytes + p)
                    let mask = quote != 0
                        ? ByteScan.equal(word, quote)
                        : ByteScan.equal(word, 62) | ByteScan.equal(word, 34) | ByteScan.equal(word, 39) | ByteScan.equal(word, 60)
                    if mask == 0 {
                        p += 8
                        continue
                    }
                    p += ByteScan.firstIndex(mask)
                }
                let c = bytes[p]
                if quote != 0 {
                    if c == quote { quote = 0 }
                } else if c == 62 {  // >
                    return (p, bytes[p - 1] == 47 && p - 1 > tokenStart + 1)
                } else if c == 34 || c == 39 {
                    quote = c
                } else if c == 60 {
                    throw error("a tag that is not closed with '>' before the next '<'")
                }
                p += 1
            }
            let tooLong = "a tag longer than \(input.capacity) bytes"
            guard let shift = try input.refill(keeping: tokenStart, tooLong: tooLong) else {
                throw error("the file ends in the middle of a tag (truncated?)")
            }
            tokenStart -= shift
            p -= shift
        }
    }

    /// `<!--`, `<![CDATA[`, or a refused `<!DOCTYPE`.
    private mutating func bang() throws(InputError) {
        if try ensure(4, tooLong: ""), matches("<!--", at: input.position) {
            input.position += 4
            try skip(past: "-->", what: "comment")
        } else if try ensure(9, tooLong: ""), matches("<![CDATA[", at: input.position) {
            input.position += 9
            try skip(past: "]]>", what: "CDATA section", keepingText: true)
        } else if try ensure(9, tooLong: ""), matches("<!DOCTYPE", at: input.position) {
            throw error("a <!DOCTYPE> declaration; bgkit reads GPX without DTD processing, so DTDs are not allowed")
        } else {
            throw error("unexpected '<!' markup (only comments and CDATA sections are allowed)")
        }
    }

    /// Skips to just past `terminator`; with `keepingText` the skipped bytes are text (CDATA).
    private mutating func skip(past terminator: StaticString, what: String, keepingText: Bool = false) throws(InputError) {
        let count = terminator.utf8CodeUnitCount
        let first = terminator.utf8Start[0]
        while true {
            guard try ensure(count, tooLong: "") else { throw error("the file ends inside a \(what) (truncated?)") }
            let c = bytes[input.position]
            if c == first, matches(terminator, at: input.position) {
                input.position += count
                return
            }
            if keepingText {
                if !isSpace(c) { noteText(at: input.position) }
                if capturing { appendText(c) }
            }
            input.position += 1
        }
    }

    private func matches(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= input.end else { return false }
        for k in 0..<count where bytes[index + k] != literal.utf8Start[k] { return false }
        return true
    }

    /// Decodes the entity reference at `input.position` in text.
    private mutating func entityInText() throws(InputError) {
        tokenStart = input.position
        _ = try ensure(12, tooLong: "")
        let limit = min(input.end, input.position + 12)
        switch Self.entity(bytes, from: input.position, limit: limit) {
        case .some((let scalar, let length)):
            noteText(at: input.position)
            if capturing { Self.encode(scalar) { appendText($0) } }
            input.position += length
        case nil:
            throw error(Self.entityMessage(bytes, from: input.position, limit: limit))
        }
    }

    static func entityMessage(_ bytes: UnsafeMutablePointer<UInt8>, from start: Int, limit: Int) -> String {
        var end = start + 1
        while end < limit, bytes[end] != 59, !isSpace(bytes[end]) { end += 1 }
        let shown = String(decoding: UnsafeBufferPointer(start: bytes + start, count: min(end + 1, limit) - start), as: UTF8.self)
        return "unknown or malformed entity '\(shown)' (only &lt; &gt; &amp; &apos; &quot; and numeric references such as &#233; are allowed; write '&amp;' for a literal '&')"
    }

    /// The scalar and length of `&…;` at `start`, or nil when it is not one of the allowed references.
    static func entity(_ bytes: UnsafeMutablePointer<UInt8>, from start: Int, limit: Int) -> (UInt32, Int)? {
        var semicolon = start + 1
        while semicolon < limit, bytes[semicolon] != 59 { semicolon += 1 }
        guard semicolon < limit else { return nil }
        let name = UnsafeBufferPointer(start: bytes + start + 1, count: semicolon - start - 1)
        let length = semicolon - start + 1
        if name.count >= 2, name[0] == 35 {  // #
            var value: UInt32 = 0
            let hex = name[1] == 120  // x
            var digits = 0
            for c in name.dropFirst(hex ? 2 : 1) {
                let d: UInt32
                switch c {
                case 48...57: d = UInt32(c - 48)
                case 97...102 where hex: d = UInt32(c - 87)
                case 65...70 where hex: d = UInt32(c - 55)
                default: return nil
                }
                value = value * (hex ? 16 : 10) + d
                digits += 1
                if value > 0x10FFFF { return nil }
            }
            guard digits > 0, value != 0, Unicode.Scalar(value) != nil else { return nil }
            return (value, length)
        }
        func named(_ literal: StaticString) -> Bool {
            name.count == literal.utf8CodeUnitCount && name.indices.allSatisfy { name[$0] == literal.utf8Start[$0] }
        }
        if named("lt") { return (60, length) }
        if named("gt") { return (62, length) }
        if named("amp") { return (38, length) }
        if named("apos") { return (39, length) }
        if named("quot") { return (34, length) }
        return nil
    }

    static func encode(_ scalar: UInt32, _ emit: (UInt8) -> Void) {
        for unit in UTF8.encode(Unicode.Scalar(scalar)!)! { emit(unit) }
    }
}

@inline(__always) func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 10 || c == 13 || c == 9 }

@inline(__always) func isNameStart(_ c: UInt8) -> Bool {
    (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c == 58 || c >= 128
}
