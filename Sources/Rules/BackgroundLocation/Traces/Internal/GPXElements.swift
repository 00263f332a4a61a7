import BackgroundCore

/// What an open GPX element means to the reader.
enum Role: Hashable {
    case gpx, trk, trkseg, rte, wpt, rtept, trkpt, extensions, trackPointExtension, ignored
    case field(Field)
}

/// The point values the reader keeps.
enum Field: Hashable, CustomStringConvertible {
    case ele, time, speed, course, garminSpeed, garminCourse, hdop, sat, fix, accuracy

    var element: String {
        switch self {
        case .ele: "ele"
        case .time: "time"
        case .speed, .garminSpeed: "speed"
        case .course, .garminCourse: "course"
        case .hdop: "hdop"
        case .sat: "sat"
        case .fix: "fix"
        case .accuracy: "horizontalAccuracy"
        }
    }

    var description: String {
        switch self {
        case .ele: "elevation"
        case .accuracy: "horizontal accuracy"
        default: element
        }
    }
}

/// A point being read: its values so far.
struct PendingPoint {
    var latitude = 0.0
    var longitude = 0.0
    var time: SimTime?
    var altitude: Double?
    var speed: Double?
    var course: Double?
    var garminSpeed: Double?
    var garminCourse: Double?
    var hdop: Double?
    var satellites: Int?
    var accuracy: Double?

    var fix: LocationFix {
        LocationFix(
            time: time, latitude: latitude, longitude: longitude, altitude: altitude, speed: speed ?? garminSpeed,
            course: course ?? garminCourse, horizontalAccuracy: accuracy, hdop: hdop, satellites: satellites)
    }

    private static let fixTypes: [StaticString] = ["none", "2d", "3d", "dgps", "pps"]

    /// Takes `field`'s text, the `count` bytes at `base` (entities decoded): true when it is a valid value
    /// or blank (`<ele></ele>` has no value, as gpxpy reads it), false when it is not a value (the caller
    /// says why). A `fix` is checked but not kept.
    mutating func set(_ field: Field, _ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var start = 0
        var end = count
        while start < end, isSpace(base[start]) { start += 1 }
        if start == end { return true }
        switch field {
        case .time:
            guard let value = SimTime(rfc3339Bytes: UnsafeBufferPointer(start: base, count: count)) else { return false }
            time = value
        case .sat:
            guard let value = NumberText.integer(base, count) else { return false }
            satellites = value
        case .fix:
            while isSpace(base[end - 1]) { end -= 1 }
            let value = UnsafeBufferPointer(start: base + start, count: end - start)
            return Self.fixTypes.contains { literal in
                value.count == literal.utf8CodeUnitCount && value.indices.allSatisfy { value[$0] == literal.utf8Start[$0] }
            }
        default:
            guard let value = NumberText.double(base, count), value.isFinite else { return false }
            switch field {
            case .ele: altitude = value
            case .speed: speed = value
            case .course: course = value
            case .garminSpeed: garminSpeed = value
            case .garminCourse: garminCourse = value
            case .hdop: hdop = value
            case .accuracy: accuracy = value
            case .time, .sat, .fix: break
            }
        }
        return true
    }
}

/// An element's local name of up to eight bytes packed into one word (little-endian, zero-padded; longer
/// names pack to 0), so that finding its role is a few integer compares. Names hold no zero byte, so
/// equal words mean equal names; longer names compare with `LongName`s word by word.
struct NameWord {
    let word: UInt64
    let count: Int
    let bytes: UnsafePointer<UInt8>
    /// How many bytes from `bytes` on may be read (at least `count`).
    let readable: Int

    /// The name of `count` bytes at `bytes`, of which `readable` bytes (at least `count`) may be read.
    init(_ bytes: UnsafePointer<UInt8>, _ count: Int, readable: Int) {
        (self.word, self.count, self.bytes, self.readable) = (Self.pack(bytes, count, readable: readable), count, bytes, readable)
    }

    /// The packed word: one 64-bit load, masked, when eight bytes are readable, else byte by byte.
    static func pack(_ bytes: UnsafePointer<UInt8>, _ count: Int, readable: Int) -> UInt64 {
        guard count <= 8 else { return 0 }
        if readable >= 8 { return ByteScan.word(bytes) & UInt64.max >> (64 - 8 * UInt64(count)) }  // 0 when count is 0
        var word: UInt64 = 0
        for k in 0..<count { word |= UInt64(bytes[k]) << (8 * UInt64(k)) }
        return word
    }

    static func == (name: NameWord, packed: UInt64) -> Bool { name.word == packed }

    /// A name of 9 to 24 bytes, packed eight bytes a word as `pack` packs a short one.
    struct LongName {
        let count: Int
        let words: (UInt64, UInt64, UInt64)
    }

    static func == (name: NameWord, long: LongName) -> Bool {
        guard name.count == long.count else { return false }
        for k in stride(from: 0, to: long.count, by: 8) {
            let expected = k == 0 ? long.words.0 : k == 8 ? long.words.1 : long.words.2
            let length = min(long.count - k, 8)
            if pack(name.bytes + k, length, readable: name.readable - k) != expected { return false }
        }
        return true
    }

    static let extensions = LongName(count: 10, words: (0x6f69736e65747865, 0x736e, 0))
    static let trackPointExtension = LongName(count: 19, words: (0x696f506b63617254, 0x736e65747845746e, 0x6e6f69))
    static let horizontalAccuracy = LongName(count: 18, words: (0x746e6f7a69726f68, 0x6172756363416c61, 0x7963))

    // pack(name) for each name below, written out: reading one is a constant, not a lazily initialised global.
    static let trk: UInt64 = 0x6b7274, wpt: UInt64 = 0x747077, rte: UInt64 = 0x657472, trkseg: UInt64 = 0x6765736b7274
    static let trkpt: UInt64 = 0x74706b7274, rtept: UInt64 = 0x7470657472, ele: UInt64 = 0x656c65, time: UInt64 = 0x656d6974
    static let hdop: UInt64 = 0x706f6468, sat: UInt64 = 0x746173, speed: UInt64 = 0x6465657073, course: UInt64 = 0x657372756f63, fix: UInt64 = 0x786966
}

/// The open elements: names (for matching end tags), roles and the file offset where each began, in
/// storage allocated once (fixed depth and name space, so memory stays constant). Names are copied and
/// compared eight bytes at a time, with no call into libc for these few bytes.
struct ElementStack: ~Copyable {
    static let maxDepth = 256
    static let maxNameBytes = 16 * 1024
    private let names = UnsafeMutablePointer<UInt8>.allocate(capacity: maxNameBytes)
    private let nameStarts = UnsafeMutablePointer<Int>.allocate(capacity: maxDepth + 1)
    private let roles = UnsafeMutablePointer<Role>.allocate(capacity: maxDepth)
    private let offsets = UnsafeMutablePointer<Int>.allocate(capacity: maxDepth)
    private var depth = 0

    init() { nameStarts[0] = 0 }

    deinit {
        names.deallocate()
        nameStarts.deallocate()
        roles.deinitialize(count: depth)
        roles.deallocate()
        offsets.deallocate()
    }

    var isEmpty: Bool { depth == 0 }
    /// The name bytes the open elements hold (of `maxNameBytes`).
    var nameBytes: Int { nameStarts[depth] }
    var topRole: Role { depth > 0 ? roles[depth - 1] : .ignored }
    /// The file offset where the innermost open element began (0 when none is open).
    var topOffset: Int { depth > 0 ? offsets[depth - 1] : 0 }
    var topName: String {
        guard depth > 0 else { return "" }
        let start = nameStarts[depth - 1]
        return String(decoding: UnsafeBufferPointer(start: names + start, count: nameStarts[depth] - start), as: UTF8.self)
    }

    /// False when the element would go past the fixed depth or name storage.
    mutating func push(name: UnsafeBufferPointer<UInt8>, role: Role, offset: Int) -> Bool {
        let start = nameStarts[depth]
        guard depth < Self.maxDepth, start + name.count <= Self.maxNameBytes else { return false }
        let from = name.baseAddress!
        var k = 0
        while k + 8 <= name.count {
            UnsafeMutableRawPointer(names + start + k).storeBytes(of: ByteScan.word(from + k).littleEndian, as: UInt64.self)
            k += 8
        }
        while k < name.count {
            names[start + k] = from[k]
            k += 1
        }
        (roles + depth).initialize(to: role)
        offsets[depth] = offset
        depth += 1
        nameStarts[depth] = start + name.count
        return true
    }

    mutating func pop() {
        depth -= 1
        (roles + depth).deinitialize(count: 1)
    }

    func topNameEquals(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard depth > 0 else { return false }
        let start = nameStarts[depth - 1]
        guard nameStarts[depth] - start == name.count else { return false }
        let open = UnsafePointer(names + start)
        let other = name.baseAddress!
        var k = 0
        while k + 8 <= name.count {
            if ByteScan.word(open + k) != ByteScan.word(other + k) { return false }
            k += 8
        }
        while k < name.count {
            if open[k] != other[k] { return false }
            k += 1
        }
        return true
    }
}
