/// The sentences of one NMEA epoch (one time of day) so far.
struct Epoch {
    var timeOfDay: Int64?
    /// The line of the epoch's first timed sentence.
    var line = 0
    var date: Int64?
    var valid = false
    /// An RMC or GLL of this epoch says void (`V`): the receiver's own warning.
    var void = false
    /// The best fix mode of the epoch's GSAs (1 no fix, 2 2D, 3 3D).
    var fixMode: Double?
    var rmcPosition: EpochPosition?
    var ggaPosition: EpochPosition?
    var gllPosition: EpochPosition?
    var altitude: Double?
    var speed: Double?
    var course: Double?
    var hdop: Double?
    var satellites: Int?
    var accuracy: Double?
}

/// A position of one sentence in an epoch, with that sentence's time of day.
struct EpochPosition {
    var latitude: Double
    var longitude: Double
    var timeOfDay: Int64
}

/// The comma-separated fields of one sentence as byte ranges, in storage allocated once, and their values
/// (numbers, times of day, positions) read in place.
///
/// `split` reads the sentence 8 bytes at a time: one pass finds the commas, sums the checksum and looks
/// for a stray `*`, with no branch per byte.
struct FieldList: ~Copyable {
    static let capacity = 64
    /// The read buffer the fields lie in (the parser's, allocated once).
    let bytes: UnsafeMutablePointer<UInt8>
    private let starts: UnsafeMutablePointer<Int>
    private(set) var count = 0

    init(bytes: UnsafeMutablePointer<UInt8>) {
        self.bytes = bytes
        starts = .allocate(capacity: Self.capacity + 1)
        starts.initialize(repeating: 0, count: Self.capacity + 1)
    }

    deinit { starts.deallocate() }

    /// Splits `bytes[from..<to]` (the sentence between `$` and `*`) at commas (the fields past 64 run
    /// together into the last) and returns the XOR of those bytes and whether a `*` is among them.
    mutating func split(from: Int, to: Int) -> (sum: UInt8, hasStar: Bool) {
        let bytes = self.bytes
        let starts = self.starts
        let last = Self.capacity - 1
        var n = 0  // the index of the last field started
        starts[0] = from
        var words: UInt64 = 0
        var stars: UInt64 = 0
        var i = from
        let raw = UnsafeRawPointer(bytes)
        while i + 8 <= to {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            words ^= word
            stars |= Self.zeroBytes(word ^ 0x2A2A_2A2A_2A2A_2A2A)  // *
            var commas = Self.zeroBytes(word ^ 0x2C2C_2C2C_2C2C_2C2C)  // ,
            while commas != 0, n < last {
                n += 1
                starts[n] = i + commas.trailingZeroBitCount >> 3 + 1
                commas &= commas &- 1
            }
            i += 8
        }
        words ^= words >> 32
        words ^= words >> 16
        words ^= words >> 8
        var sum = UInt8(truncatingIfNeeded: words)
        var hasStar = stars != 0
        while i < to {
            let c = bytes[i]
            sum ^= c
            if c == 42 { hasStar = true }
            if c == 44, n < last {
                n += 1
                starts[n] = i + 1
            }
            i += 1
        }
        count = n + 1
        starts[count] = to + 1
        return (sum, hasStar)
    }

    /// 0x80 in each byte of `word` that is zero, 0 in the others (exact: no borrow crosses bytes).
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }

    func range(_ index: Int) -> Range<Int> { starts[index]..<(starts[index + 1] - 1) }
    func isEmpty(_ index: Int) -> Bool { index >= count || starts[index + 1] - 1 == starts[index] }

    // MARK: Values
    //
    // The values of fields are read here, not by the parser: a non-mutating method of the parser, called
    // from its mutating sentence handlers, was handed a copy of the whole parser (700 bytes) each time.

    func number(_ index: Int) -> Double? {
        guard index < count, !isEmpty(index) else { return nil }
        let r = range(index)
        guard let value = NMEAParser.decimal(bytes + r.lowerBound, r.count), value.isFinite else { return nil }
        return value
    }

    func integer(_ index: Int) -> Int? {
        guard index < count else { return nil }
        let r = range(index)
        return NumberText.integer(bytes + r.lowerBound, r.count)
    }

    /// hhmmss[.sss] as nanoseconds since midnight.
    func timeOfDay(_ index: Int) -> Int64? {
        guard index < count else { return nil }
        let r = range(index)
        guard r.count >= 6 else { return nil }
        let p = bytes + r.lowerBound
        let h1 = p[0] &- 48, h2 = p[1] &- 48, m1 = p[2] &- 48, m2 = p[3] &- 48, s1 = p[4] &- 48, s2 = p[5] &- 48
        guard h1 < 10, h2 < 10, m1 < 10, m2 < 10, s1 < 10, s2 < 10 else { return nil }
        let hours = Int64(h1 &* 10 &+ h2), minutes = Int64(m1 &* 10 &+ m2), seconds = Int64(s1 &* 10 &+ s2)
        guard hours < 24, minutes < 60, seconds <= 60 else { return nil }
        var nanos: Int64 = 0
        if r.count > 6 {
            guard p[6] == 46 else { return nil }
            var scale: Int64 = 100_000_000
            var i = 7
            while i < r.count {
                let d = p[i] &- 48
                guard d < 10 else { return nil }
                nanos += Int64(d) * scale
                scale /= 10
                i += 1
            }
        }
        return (hours * 3600 + minutes * 60 + seconds) * 1_000_000_000 + nanos
    }

    /// ddmm.mmmm,N,dddmm.mmmm,E at `index`…`index + 3`, checked. Degrees and minutes are parsed apart
    /// (each exactly), so 4722.6132 is 47 + 22.6132 / 60 with one rounding.
    func coordinates(_ index: Int) -> (Double, Double)? {
        guard index + 3 < count, !isEmpty(index + 1), !isEmpty(index + 3),
              let latitude = degrees(index, maxDegrees: 90), let longitude = degrees(index + 2, maxDegrees: 180)
        else { return nil }
        let ns = bytes[range(index + 1).lowerBound]
        let ew = bytes[range(index + 3).lowerBound]
        guard ns == 78 || ns == 83, ew == 69 || ew == 87 else { return nil }
        return (ns == 83 ? -latitude : latitude, ew == 87 ? -longitude : longitude)
    }

    private func degrees(_ index: Int, maxDegrees: Int) -> Double? {
        let r = range(index)
        let b = bytes
        var dot = r.lowerBound
        while dot < r.upperBound, b[dot] != 46 { dot += 1 }
        let minutesStart = dot - 2
        guard minutesStart >= r.lowerBound,
              let whole = Self.wholeDegrees(b + r.lowerBound, minutesStart - r.lowerBound),
              let minutes = NMEAParser.decimal(b + minutesStart, r.upperBound - minutesStart),
              minutes >= 0, minutes < 60, whole < maxDegrees || (whole == maxDegrees && minutes == 0)
        else { return nil }
        return Double(whole) + minutes / 60
    }

    /// The degrees before the minutes (`47` of `4722.6132`): plain digits read here, anything else
    /// (spaces, signs) by `NumberText.integer`.
    private static func wholeDegrees(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        guard count <= 3 else { return NumberText.integer(base, count) }
        var value = 0
        for i in 0..<count {
            let d = base[i] &- 48
            guard d < 10 else { return NumberText.integer(base, count) }
            value = value * 10 + Int(d)
        }
        return value
    }
}
