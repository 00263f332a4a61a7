import BackgroundCore
import Testing

/// The byte-level writer must produce exactly what the String-based one it replaced produced: the
/// JSON-lines stream is compared byte for byte by replay's determinism checks and by users' diffs.
@Suite struct JSONObjectWriterTests {
    /// The number form before the byte-level writer: integral values below 1e15 as integers, others as
    /// Swift's shortest round-trip `String(Double)`, non-finite as `null`.
    static func referenceNumber(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// The string escaping before the byte-level writer, scalar by scalar.
    static func referenceString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
        return out
    }

    struct Family: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @Sendable (inout SplitMix64) -> Double
        var testDescription: String { name }
    }

    static let families: [Family] = [
        Family(name: "any bit pattern") { Double(bitPattern: $0.next()) },
        Family(name: "coordinates") { Double.random(in: -180...180, using: &$0) },
        Family(name: "coordinates rounded to 7 decimals") { (Double.random(in: -180...180, using: &$0) * 1e7).rounded() / 1e7 },
        Family(name: "integers near 1e15") { Double(Int64.random(in: -2_000_000_000_000_000...2_000_000_000_000_000, using: &$0)) },
        Family(name: "small integers and halves") { Double(Int.random(in: -100_000...100_000, using: &$0)) / 2 },
        Family(name: "tiny and huge") { Double(sign: .plus, exponent: Int.random(in: -1074...1023, using: &$0), significand: Double.random(in: 1..<2, using: &$0)) },
    ]

    @Test(arguments: families)
    func numbersAreByteIdenticalToTheReference(_ family: Family) {
        var random = SplitMix64(seed: UInt64(family.name.utf8.count))
        var mismatches: [Double] = []
        for _ in 0..<400_000 {
            let value = family.make(&random)
            if JSONObjectWriter.number(value) != Self.referenceNumber(value) { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test(arguments: [0.0, -0.0, 1e15, -1e15, 1e15 - 1, 999_999_999_999_999.5, .infinity, -.infinity, .nan,
                      .greatestFiniteMagnitude, .leastNonzeroMagnitude, 47.3769, -122.08])
    func edgeNumbersMatchTheReference(_ value: Double) {
        #expect(JSONObjectWriter.number(value) == Self.referenceNumber(value))
    }

    @Test func stringsAreEscapedLikeTheReference() {
        var random = SplitMix64(seed: 7)
        let alphabet: [Unicode.Scalar] = (0..<0x80).map { Unicode.Scalar(UInt8($0)) } + ["é", "€", "😀", "\u{2028}"]
        for _ in 0..<20_000 {
            let text = String(String.UnicodeScalarView((0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
            var out = ""
            JSONObjectWriter.appendString(text, to: &out)
            #expect(out == Self.referenceString(text))
        }
    }

    @Test func fieldsKeepTheirOrderAndForms() {
        var writer = JSONObjectWriter()
        writer.field("a\"b", string: "x\u{1}")
        writer.field("n", number: -2.5)
        writer.field("i", integer: Int.min)
        writer.field("b", bool: false)
        writer.fieldNull("z")
        writer.field("raw", raw: "[1,2]")
        #expect(writer.finish() == #"{"a\"b":"x\u0001","n":-2.5,"i":-9223372036854775808,"b":false,"z":null,"raw":[1,2]}"#)
    }

    @Test func renderedTimesEqualRFC3339() {
        var random = SplitMix64(seed: 3)
        let renderer = JSONLinesRenderer()
        for _ in 0..<50_000 {
            var ns = Int64.random(in: -5_000_000_000_000_000_000...9_000_000_000_000_000_000, using: &random)
            switch ns & 3 {
            case 0: ns -= ns % 1_000_000_000
            case 1: ns -= ns % 1_000_000
            case 2: ns -= ns % 1000
            default: break
            }
            let time = SimTime(nanosecondsSinceEpoch: ns)
            let line = renderer.render(TimelineEvent(time: time, kind: .visit("t", until: time)))
            #expect(line == #"{"time":"\#(time.rfc3339)","event":"visit","place":"t","until":"\#(time.rfc3339)"}"#)
            #expect(SimTime(rfc3339: time.rfc3339) == time)
        }
    }
}
