/// The sentences of one NMEA epoch (one time of day) so far.
struct Epoch {
    var timeOfDay: Int64?
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
struct FieldList {
    static let capacity = 64
    private var starts = [Int](repeating: 0, count: capacity + 1)
    private(set) var count = 0

    /// Splits `bytes[from..<to]` (the sentence between `$` and `*`) at commas; fields past 64 are dropped.
    mutating func split(_ bytes: UnsafeMutablePointer<UInt8>, from: Int, to: Int) {
        count = 0
        starts[0] = from
        var i = from
        while i < to {
            if bytes[i] == 44, count < Self.capacity - 1 {
                count += 1
                starts[count] = i + 1
            }
            i += 1
        }
        count += 1
        starts[count] = to + 1
    }

    func range(_ index: Int) -> Range<Int> { starts[index]..<(starts[index + 1] - 1) }
    func isEmpty(_ index: Int) -> Bool { index >= count || starts[index + 1] - 1 == starts[index] }
}
