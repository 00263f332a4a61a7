@testable import BackgroundLocation
import BackgroundCore
import Testing

/// The NMEA reader's fast number path gives exactly what `NumberText.double` gives, bit for bit.
@Suite struct NMEADecimalTests {
    static func both(_ text: String) -> (fast: Double?, reference: Double?) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
            return (NMEAParser.decimal(base, buffer.count), NumberText.double(base, buffer.count))
        }
    }

    @Test func edgeCases() {
        for text in ["", "-", ".", "-.", "0", "-0", "12.", ".5", "-.5", "00832.50160", "4722.6132", "1e5", " 12", "12 ",
                     "+3", "--1", "1.2.3", "123456789012345", "1234567890123456", "0.000000000000001", "9999999999.99999"] {
            let (fast, reference) = Self.both(text)
            #expect(fast?.bitPattern == reference?.bitPattern, "\(text)")
        }
    }

    @Test func randomFields() {
        var generator = SplitMix64(seed: 18)
        let alphabet = Array("0123456789")
        for _ in 0..<200_000 {
            var text = generator.next() % 4 == 0 ? "-" : ""
            let whole = Int(generator.next() % 12)
            let fraction = Int(generator.next() % 10)
            for _ in 0..<whole { text.append(alphabet[Int(generator.next() % 10)]) }
            if generator.next() % 5 != 0 { text.append(".") }
            for _ in 0..<fraction { text.append(alphabet[Int(generator.next() % 10)]) }
            let (fast, reference) = Self.both(text)
            #expect(fast?.bitPattern == reference?.bitPattern, "\(text)")
        }
    }
}
