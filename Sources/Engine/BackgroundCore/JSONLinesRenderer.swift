/// Renders timeline events as the JSON-lines event stream of CONTRACTS.md section 1: one object per line,
/// keys in a fixed order (`time`, `event`, then the record's fields), numbers in their shortest exact form.
///
/// ```swift
/// JSONLinesRenderer().render(TimelineEvent(time: .defaultStart, kind: .error(message: "no fix", code: "gpsd")))
/// // {"time":"2026-01-01T00:00:00Z","event":"error","message":"no fix","code":"gpsd"}
/// ```
public struct JSONLinesRenderer: Sendable {
    public init() {}

    /// One line of JSON, without the trailing newline.
    public func render(_ event: TimelineEvent) -> String {
        var out = JSONObjectWriter()
        out.field("time", time: event.time)
        out.field("event", string: event.kind.name)
        event.kind.write(to: &out)
        return out.finish()
    }
}

/// Builds one JSON object with keys in the order they are added: a ``TimelineRecord`` writes its fields
/// into one.
///
/// It writes UTF-8 bytes into one buffer and makes the `String` once, in ``finish()``: the JSON-lines
/// stream renders every fix of a replay through it.
public struct JSONObjectWriter: Sendable {
    private var bytes: [UInt8]
    private var first = true

    public init() {
        bytes = []
        bytes.reserveCapacity(128)
        bytes.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ name: String) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        JSONObjectWriter.appendString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func field(_ name: String, string value: String) {
        key(name)
        JSONObjectWriter.appendString(value, to: &bytes)
    }

    public mutating func field(_ name: String, number value: Double) {
        key(name)
        JSONObjectWriter.appendNumber(value, to: &bytes)
    }

    public mutating func field(_ name: String, integer value: Int) {
        key(name)
        JSONObjectWriter.appendInteger(Int64(value), to: &bytes)
    }

    public mutating func field(_ name: String, bool value: Bool) {
        key(name)
        JSONObjectWriter.appendASCII(value ? "true" : "false", to: &bytes)
    }

    public mutating func fieldNull(_ name: String) {
        key(name)
        JSONObjectWriter.appendASCII("null", to: &bytes)
    }

    /// A time as an RFC 3339 string (`SimTime.rfc3339`), formatted straight into the buffer.
    public mutating func field(_ name: String, time: SimTime) {
        key(name)
        bytes.append(UInt8(ascii: "\""))
        RFC3339.append(time, separator: UInt8(ascii: "T"), to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Adds already-serialised JSON (an array or a nested object) as the value.
    public mutating func field(_ name: String, raw json: String) {
        key(name)
        bytes.append(contentsOf: json.utf8)
    }

    public mutating func finish() -> String {
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON number: integral values without a fraction, others in Swift's shortest round-trip form;
    /// non-finite values, which JSON cannot carry, as `null`.
    public static func number(_ value: Double) -> String {
        var out: [UInt8] = []
        appendNumber(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` as a quoted JSON string with the escapes RFC 8259 requires.
    public static func appendString(_ value: String, to out: inout String) {
        var bytes: [UInt8] = []
        appendString(value, to: &bytes)
        out.append(String(decoding: bytes, as: UTF8.self))
    }

    /// ``number(_:)`` as UTF-8 bytes: integral values below 1e15 as integers, others as `String(value)`.
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else { return appendASCII("null", to: &out) }
        if value == value.rounded(), abs(value) < 1e15 { return appendInteger(Int64(value), to: &out) }
        var text = String(value)
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// The decimal digits of `value`, with a minus sign when negative.
    static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, count: digitCount(value.magnitude), to: &out)
    }

    /// The number of decimal digits of `value` (1 for zero).
    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// `value` in exactly `count` decimal digits, zero-padded on the left (`count` is at least
    /// `digitCount(value)` and at most 20).
    static func appendDigits(_ value: UInt64, count: Int, to out: inout [UInt8]) {
        var divisor: UInt64 = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            out.append(UInt8(truncatingIfNeeded: rest / divisor) &+ UInt8(ascii: "0"))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The quoted, escaped string as UTF-8 bytes: runs that need no escape are copied whole.
    static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var run = 0
            for i in utf8.indices {
                let byte = utf8[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<i]))
                run = i + 1
                switch byte {
                case UInt8(ascii: "\""): appendASCII("\\\"", to: &out)
                case UInt8(ascii: "\\"): appendASCII("\\\\", to: &out)
                case UInt8(ascii: "\n"): appendASCII("\\n", to: &out)
                case UInt8(ascii: "\r"): appendASCII("\\r", to: &out)
                case UInt8(ascii: "\t"): appendASCII("\\t", to: &out)
                default:
                    let hex: StaticString = "0123456789abcdef"
                    appendASCII("\\u00", to: &out)
                    out.append(hex.utf8Start[Int(byte >> 4)])
                    out.append(hex.utf8Start[Int(byte & 0xF)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    static func appendASCII(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
}
