/// Formats a Double as an `xsd:decimal` (no exponent) with the fewest digits that read back to the same value.
///
/// Swift's `description` is the shortest round-tripping text but switches to exponent notation for very small
/// and very large magnitudes, which GPX's decimal types do not allow; this moves the decimal point instead.
enum DecimalText {
    static func format(_ value: Double) -> String {
        precondition(value.isFinite, "only finite values have a decimal text")
        let text = value.description
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        let exponent = Int(text[text.index(after: e)...])!
        var mantissa = text[..<e]
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        var digits = String(whole) + String(fraction)
        var point = whole.count + exponent  // digits before the decimal point
        while digits.hasSuffix("0"), digits.count > max(point, 1) { digits.removeLast() }
        var out = negative ? "-" : ""
        if point <= 0 {
            out += "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            out += digits + String(repeating: "0", count: point - digits.count)
        } else {
            point = digits.index(digits.startIndex, offsetBy: point).utf16Offset(in: digits)
            out += digits.prefix(point) + "." + digits.dropFirst(point)
        }
        return out
    }
}
