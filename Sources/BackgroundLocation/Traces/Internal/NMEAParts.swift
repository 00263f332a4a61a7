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

/// The comma-separated fields of one sentence as byte ranges, in storage allocated once.
///
/// `split` reads the sentence 8 bytes at a time: one pass finds the commas, sums the checksum and looks
/// for a stray `*`, with no branch per byte.
struct FieldList: ~Copyable {
    static let capacity = 64
    private let starts: UnsafeMutablePointer<Int>
    private(set) var count = 0

    init() {
        starts = .allocate(capacity: Self.capacity + 1)
        starts.initialize(repeating: 0, count: Self.capacity + 1)
    }

    deinit { starts.deallocate() }

    /// Splits `bytes[from..<to]` (the sentence between `$` and `*`) at commas (the fields past 64 run
    /// together into the last) and returns the XOR of those bytes and whether a `*` is among them.
    mutating func split(_ bytes: UnsafeMutablePointer<UInt8>, from: Int, to: Int) -> (sum: UInt8, hasStar: Bool) {
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
}
