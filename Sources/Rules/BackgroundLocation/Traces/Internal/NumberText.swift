/// Parses decimal numbers from raw bytes without allocating: `[+-]digits[.digits][(e|E)[+-]digits]`, with
/// surrounding white space. NaN, infinities, hex floats and anything else are refused (nil).
///
/// Up to 15 significant digits with a small power of ten take the exact fast path (both operands are
/// exact Doubles, so one multiplication or division rounds correctly); longer numbers go through the
/// standard library's correctly rounded conversion.
enum NumberText {
    /// 10^k for 0 ≤ k ≤ 22, all exact Doubles (a switch, not an array: no bounds check, no lazy global);
    /// the NMEA reader's fast path divides by it too.
    @inline(__always) static func power(_ k: Int) -> Double {
        switch k {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    static func double(_ base: UnsafePointer<UInt8>, _ count: Int) -> Double? {
        if let value = plain(base, count) { return value }
        var i = 0
        var end = count
        while i < end, isSpace(base[i]) { i += 1 }
        while end > i, isSpace(base[end - 1]) { end -= 1 }
        let start = i
        var negative = false
        if i < end, base[i] == 43 || base[i] == 45 {
            negative = base[i] == 45
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var scale = 0
        var digits = 0
        while i < end, base[i] &- 48 < 10 {
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(base[i] &- 48)
                if mantissa != 0 { significant += 1 }
            } else {
                scale += 1
            }
            digits += 1
            i += 1
        }
        if i < end, base[i] == 46 {  // .
            i += 1
            while i < end, base[i] &- 48 < 10 {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(base[i] &- 48)
                    if mantissa != 0 { significant += 1 }
                    scale -= 1
                }
                digits += 1
                i += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < end, base[i] == 101 || base[i] == 69 {  // e E
            i += 1
            var exponentNegative = false
            if i < end, base[i] == 43 || base[i] == 45 {
                exponentNegative = base[i] == 45
                i += 1
            }
            var exponent = 0
            var exponentDigits = 0
            while i < end, base[i] &- 48 < 10 {
                if exponent < 100_000 { exponent = exponent * 10 + Int(base[i] &- 48) }
                exponentDigits += 1
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            scale += exponentNegative ? -exponent : exponent
        }
        guard i == end else { return nil }
        if significant <= 15, scale >= -22, scale <= 22 {
            var value = Double(mantissa)
            value = scale < 0 ? value / power(-scale) : value * power(scale)
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        return Double(text)
    }

    /// The common shape, `[+-]digits[.digits]` with at most 15 digits and nothing around it, in one tight
    /// loop; nil for anything else (which `double` then reads in full). The value is the one `double`'s
    /// exact path gives: the digits as an integer, divided by 10 to the number of fraction digits.
    @inline(__always) private static func plain(_ base: UnsafePointer<UInt8>, _ count: Int) -> Double? {
        guard count > 0, count <= 17 else { return nil }
        var i = base[0] == 45 || base[0] == 43 ? 1 : 0  // - +
        var mantissa: UInt64 = 0
        var fraction = -1  // digits after the '.', -1 before it
        while i < count {
            let digit = base[i] &- 48
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                if fraction >= 0 { fraction += 1 }
            } else if base[i] == 46, fraction < 0 {  // .
                fraction = 0
            } else {
                return nil
            }
            i += 1
        }
        let digits = count - (base[0] == 45 || base[0] == 43 ? 1 : 0) - (fraction < 0 ? 0 : 1)
        guard digits > 0, digits <= 15 else { return nil }
        let value = fraction > 0 ? Double(mantissa) / power(fraction) : Double(mantissa)
        return base[0] == 45 ? -value : value
    }

    /// A non-negative whole number (`sat`), or nil.
    static func integer(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var i = 0
        var end = count
        while i < end, isSpace(base[i]) { i += 1 }
        while end > i, isSpace(base[end - 1]) { end -= 1 }
        guard i < end, end - i <= 9 else { return nil }
        var value = 0
        while i < end {
            guard base[i] &- 48 < 10 else { return nil }
            value = value * 10 + Int(base[i] &- 48)
            i += 1
        }
        return value
    }
}
