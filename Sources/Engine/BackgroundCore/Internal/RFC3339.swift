/// RFC 3339 formatting and parsing on the proleptic Gregorian calendar, without Foundation.
///
/// Day arithmetic follows Howard Hinnant's `days_from_civil` / `civil_from_days`.
enum RFC3339 {
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func format(_ time: SimTime, separator: Character) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(30)
        append(time, separator: separator.asciiValue ?? UInt8(ascii: "T"), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes `time` as UTF-8 (what `format` returns), ending in `Z` when the separator is `T`.
    static func append(_ time: SimTime, separator: UInt8, to out: inout [UInt8]) {
        let ns = time.nanosecondsSinceEpoch
        var seconds = ns / 1_000_000_000
        var fraction = ns % 1_000_000_000
        if fraction < 0 { fraction += 1_000_000_000; seconds -= 1 }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }
        let (year, month, day) = civilFromDays(days)
        append(year, width: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        append(month, width: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        append(day, width: 2, to: &out)
        out.append(separator)
        append(secondOfDay / 3600, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, width: 2, to: &out)
        if fraction != 0 {
            out.append(UInt8(ascii: "."))
            if fraction % 1_000_000 == 0 {
                append(fraction / 1_000_000, width: 3, to: &out)
            } else if fraction % 1000 == 0 {
                append(fraction / 1000, width: 6, to: &out)
            } else {
                append(fraction, width: 9, to: &out)
            }
        }
        if separator == UInt8(ascii: "T") { out.append(UInt8(ascii: "Z")) }
    }

    /// The decimal digits of `value`, zero-padded on the left to `width` characters (a negative value
    /// keeps its sign after the zeros, as `String(value)` padded would).
    private static func append(_ value: Int64, width: Int, to out: inout [UInt8]) {
        let digits = JSONObjectWriter.digitCount(value.magnitude)
        let length = digits + (value < 0 ? 1 : 0)
        if length < width { out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - length)) }
        if value < 0 { out.append(UInt8(ascii: "-")) }
        JSONObjectWriter.appendDigits(value.magnitude, count: digits, to: &out)
    }

    /// Parses `YYYY-MM-DD[T| ]hh:mm:ss[.fff…][Z|±hh:mm|±hhmm]`, allowing surrounding ASCII white space.
    static func parse(_ raw: UnsafeBufferPointer<UInt8>) -> SimTime? {
        var start = 0
        var end = raw.count
        while start < end, isSpace(raw[start]) { start += 1 }
        while end > start, isSpace(raw[end - 1]) { end -= 1 }
        var i = start
        func number(_ width: Int) -> Int64? {
            guard i + width <= end else { return nil }
            var value: Int64 = 0
            for k in i..<(i + width) {
                let c = raw[k]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int64(c - 48)
            }
            i += width
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < end, raw[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2) else { return nil }
        guard i < end, raw[i] == 84 || raw[i] == 116 || raw[i] == 32 else { return nil }  // T, t or space
        i += 1
        guard let hour = number(2), expect(58), let minute = number(2), expect(58), let second = number(2) else {
            return nil
        }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        var nanos: Int64 = 0
        if i < end, raw[i] == 46 || raw[i] == 44 {  // . or ,
            i += 1
            var digits = 0
            var scale: Int64 = 100_000_000
            while i < end, raw[i] >= 48, raw[i] <= 57 {
                nanos += Int64(raw[i] - 48) * scale
                scale /= 10
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
        }
        var offsetSeconds: Int64 = 0
        if i < end {
            let c = raw[i]
            if c == 90 || c == 122 {  // Z or z
                i += 1
            } else if c == 43 || c == 45 {  // + or -
                i += 1
                guard let oh = number(2) else { return nil }
                _ = expect(58)
                guard let om = number(2), oh <= 23, om <= 59 else { return nil }
                offsetSeconds = (oh * 3600 + om * 60) * (c == 45 ? -1 : 1)
            } else {
                return nil
            }
        }
        guard i == end else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        // Years before 1678 or after 2261 are outside the clock's Int64 nanoseconds: not a time it has.
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = scaled.addingReportingOverflow(nanos)
        guard !overflow, !carry else { return nil }
        return SimTime(nanosecondsSinceEpoch: total)
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
