/// The duration syntax of the command lines and the manifest: a number with a unit `s`, `m`, `h`, `d`,
/// and combinations such as `2h3m` (CONTRACTS.md section 4).
///
/// ```swift
/// DurationSyntax.parse("2h3m")      // .seconds(7380)
/// DurationSyntax.parse("1.5s")      // .milliseconds(1500)
/// DurationSyntax.format(.seconds(7380))  // "2h3m"
/// ```
public enum DurationSyntax {
    /// Parses a duration; nil when the text is not one (empty, a bare number, an unknown unit, a unit
    /// repeated or out of order, a negative value).
    public static func parse(_ text: some StringProtocol) -> Duration? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        var i = 0
        var total: Duration = .zero
        var lastRank = Int.max
        while i < bytes.count {
            let numberStart = i
            while i < bytes.count, (bytes[i] >= 48 && bytes[i] <= 57) || bytes[i] == 46 { i += 1 }
            guard i > numberStart, i < bytes.count,
                  let value = Double(String(decoding: bytes[numberStart..<i], as: UTF8.self)), value.isFinite
            else { return nil }
            let rank: Int
            let unit: Double
            switch bytes[i] {
            case UInt8(ascii: "d"): (rank, unit) = (3, 86_400)
            case UInt8(ascii: "h"): (rank, unit) = (2, 3_600)
            case UInt8(ascii: "m"): (rank, unit) = (1, 60)
            case UInt8(ascii: "s"): (rank, unit) = (0, 1)
            default: return nil
            }
            guard rank < lastRank else { return nil }
            lastRank = rank
            i += 1
            let nanos = (value * unit * 1e9).rounded()
            guard nanos < 9.2e18 else { return nil }
            total += .nanoseconds(Int64(nanos))
        }
        return total
    }

    /// Formats a duration in the same syntax, largest units first: `1d2h`, `15m`, `4s`, `0.5s`.
    public static func format(_ duration: Duration) -> String {
        var ns = duration.nanoseconds
        if ns == 0 { return "0s" }
        var out = ns < 0 ? "-" : ""
        ns = ns.magnitude > Int64.max.magnitude ? .max : abs(ns)
        let units: [(Int64, String)] = [(86_400_000_000_000, "d"), (3_600_000_000_000, "h"), (60_000_000_000, "m")]
        for (size, name) in units where ns >= size {
            out += "\(ns / size)\(name)"
            ns %= size
        }
        if ns > 0 {
            if ns % 1_000_000_000 == 0 {
                out += "\(ns / 1_000_000_000)s"
            } else {
                var text = String(Double(ns) / 1e9)
                if text.hasSuffix(".0") { text.removeLast(2) }
                out += text + "s"
            }
        }
        return out
    }
}
