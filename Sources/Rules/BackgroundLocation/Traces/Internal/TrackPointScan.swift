/// The GPX reader's fast path: one whole `<trkpt>…</trkpt>` read in place from the buffer, with no tokens,
/// no element stack and no copies, for the plain shape nearly every track point has:
///
/// ```xml
/// <trkpt lat="47.3" lon="8.55"><ele>400.0</ele><time>2026-03-01T09:00:00Z</time>
///   <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>1.4</gpxtpx:speed></gpxtpx:TrackPointExtension></extensions></trkpt>
/// ```
///
/// Attributes quoted either way and in any order, child elements without attributes (any prefix, any
/// name: roles as ``GPXParser`` gives them), white space or other text between them. Anything else —
/// a point not whole in the buffer, an entity, a comment, CDATA, a processing instruction, an attribute
/// on a child, a value that does not parse, an end tag that does not match, nesting deeper than
/// `maxDepth` — returns nil and leaves the point to the general scanner, which reads it (or reports its
/// error) from the same place. So the fast path never decides anything the general scanner would decide
/// differently: it only reads faster what both read the same.
struct TrackPointScan: ~Copyable {
    /// Child elements nested deeper than this go to the general scanner.
    static let maxDepth = 8
    /// Element names longer than this go to the general scanner.
    static let maxNameBytes = 64
    /// The open children, innermost last: where each name begins, its length, its role.
    private let names = UnsafeMutablePointer<Int>.allocate(capacity: maxDepth)
    private let lengths = UnsafeMutablePointer<Int>.allocate(capacity: maxDepth)
    private let roles = UnsafeMutablePointer<Role>.allocate(capacity: maxDepth)

    init() { roles.initialize(repeating: .ignored, count: Self.maxDepth) }

    deinit {
        names.deallocate()
        lengths.deallocate()
        roles.deinitialize(count: Self.maxDepth)
        roles.deallocate()
    }

    /// Reads the track point whose `<trkpt` is at `start`, followed by white space, whole within
    /// `bytes[start..<end]` into `point`: the index just past its end, or nil for the general scanner
    /// (`point` then holds part of it, which the general scanner's `<trkpt` clears).
    func read(_ bytes: UnsafeMutablePointer<UInt8>, from start: Int, end: Int, into point: inout PendingPoint) -> Int? {
        point = PendingPoint()
        guard let (afterTag, selfClosing) = Self.attributes(bytes, from: start + 6, end: end, into: &point) else { return nil }
        if selfClosing { return afterTag }
        var p = afterTag
        var depth = 0
        var parent = Role.trkpt
        while true {
            p = XMLScanner.nextMarkup(bytes, from: p, end: end)
            guard p + 1 < end, bytes[p] == 60 else { return nil }  // '&' or the end of the buffer
            if bytes[p + 1] == 47 {  // </
                let (name, length) = depth == 0 ? (start + 1, 5) : (names[depth - 1], lengths[depth - 1])
                guard let next = Self.endTag(bytes, at: p, name: name, length: length, end: end) else { return nil }
                p = next
                if depth == 0 { return p }
                depth -= 1
                parent = depth == 0 ? .trkpt : roles[depth - 1]
                continue
            }
            let name = p + 1
            guard isNameStart(bytes[name]) else { return nil }  // <! or <? or a stray '<'
            let nameEnd = XMLScanner.plainNameEnd(bytes, from: name, end: end)
            let length = nameEnd - name
            guard nameEnd + 1 < end, length <= Self.maxNameBytes else { return nil }
            if bytes[nameEnd] == 47 {  // <name/>: no value, nothing to open
                guard bytes[nameEnd + 1] == 62 else { return nil }
                p = nameEnd + 2
                continue
            }
            guard bytes[nameEnd] == 62 else { return nil }  // attributes
            p = nameEnd + 1
            let role = GPXParser.role(of: GPXParser.localName(name..<nameEnd, in: bytes), in: parent, bytes: bytes, end: end)
            if case .field(let field) = role {
                let text = p
                p = XMLScanner.nextMarkup(bytes, from: p, end: end)
                guard p - text <= XMLScanner.textCapacity,
                      let next = Self.endTag(bytes, at: p, name: name, length: length, end: end),
                      point.set(field, bytes + text, p - text)
                else { return nil }
                p = next
            } else {
                guard depth < Self.maxDepth else { return nil }
                (names[depth], lengths[depth], roles[depth]) = (name, length, role)
                depth += 1
                parent = role
            }
        }
    }

    /// The start tag's attributes from `p` (just after `<trkpt`) to its `>` or `/>`: the index after
    /// that and whether it was `/>`, with the first `lat` and `lon` read into `point`; nil unless every
    /// attribute is a plain `name="value"` (or single-quoted) after white space and both coordinates are valid.
    @inline(__always) private static func attributes(
        _ bytes: UnsafeMutablePointer<UInt8>, from start: Int, end: Int, into point: inout PendingPoint
    ) -> (next: Int, selfClosing: Bool)? {
        var (p, latitude, longitude) = (start, false, false)
        while true {
            let spaces = p
            while p < end, isSpace(bytes[p]) { p += 1 }
            guard p + 1 < end else { return nil }
            if bytes[p] == 62 || (bytes[p] == 47 && bytes[p + 1] == 62) {  // > or />
                guard latitude, longitude else { return nil }
                return bytes[p] == 62 ? (p + 1, false) : (p + 2, true)
            }
            guard p > spaces else { return nil }
            let name = p
            // To '=', white space, '>', '/', '<' or a quote: one bit each in a word, one test per byte.
            let stops: UInt64 = 1 << 61 | 1 << 62 | 1 << 47 | 1 << 60 | 1 << 34 | 1 << 39 | 1 << 32 | 1 << 9 | 1 << 10 | 1 << 13
            while p < end, bytes[p] >= 64 || stops >> UInt64(bytes[p]) & 1 == 0 { p += 1 }
            guard p + 1 < end, p > name, bytes[p] == 61, bytes[p + 1] == 34 || bytes[p + 1] == 39 else { return nil }
            let quote = bytes[p + 1]
            let key = p - name == 3 ? UInt32(bytes[name]) | UInt32(bytes[name + 1]) << 8 | UInt32(bytes[name + 2]) << 16 : 0
            p += 2
            let value = p
            while p < end, bytes[p] != quote { p += 1 }
            guard p < end else { return nil }
            if key == 0x74616c, !latitude {  // lat
                guard let number = NumberText.double(bytes + value, p - value), number >= -90, number <= 90 else { return nil }
                (point.latitude, latitude) = (number, true)
            } else if key == 0x6e6f6c, !longitude {  // lon
                guard let number = NumberText.double(bytes + value, p - value), number >= -180, number <= 180 else { return nil }
                (point.longitude, longitude) = (number, true)
            }
            p += 1
        }
    }

    /// The index after `</name>` at `p`, where `name` is the `length` bytes at `name`; nil when the bytes
    /// at `p` are anything else (white space before the `>` included).
    @inline(__always) private static func endTag(
        _ bytes: UnsafeMutablePointer<UInt8>, at p: Int, name: Int, length: Int, end: Int
    ) -> Int? {
        let close = p + 2 + length
        guard close < end, bytes[p] == 60, bytes[p + 1] == 47, bytes[close] == 62 else { return nil }
        var k = 0
        if close + 8 <= end {  // eight bytes at a time, the last word masked to the name's length
            while k < length {
                let differ = ByteScan.word(bytes + p + 2 + k) ^ ByteScan.word(bytes + name + k)
                if differ & UInt64.max >> (64 - 8 * UInt64(min(length - k, 8))) != 0 { return nil }
                k += 8
            }
            return close + 1
        }
        while k < length {
            if bytes[p + 2 + k] != bytes[name + k] { return nil }
            k += 1
        }
        return close + 1
    }
}
