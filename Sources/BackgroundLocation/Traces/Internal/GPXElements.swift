import BackgroundCore
import Glibc

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
}

/// The open elements: names (for matching end tags), roles and where each began, in storage allocated
/// once (fixed depth and name space, so memory stays constant).
struct ElementStack: ~Copyable {
    static let maxDepth = 256
    static let maxNameBytes = 16 * 1024
    private let names = UnsafeMutablePointer<UInt8>.allocate(capacity: maxNameBytes)
    private let nameStarts = UnsafeMutablePointer<Int>.allocate(capacity: maxDepth + 1)
    private let roles = UnsafeMutablePointer<Role>.allocate(capacity: maxDepth)
    private let places = UnsafeMutablePointer<InputError.Place>.allocate(capacity: maxDepth)
    private var depth = 0

    init() { nameStarts[0] = 0 }

    deinit {
        names.deallocate()
        nameStarts.deallocate()
        roles.deinitialize(count: depth)
        roles.deallocate()
        places.deinitialize(count: depth)
        places.deallocate()
    }

    var isEmpty: Bool { depth == 0 }
    var topRole: Role { depth > 0 ? roles[depth - 1] : .ignored }
    var topPlace: InputError.Place { depth > 0 ? places[depth - 1] : .none }
    var topName: String {
        guard depth > 0 else { return "" }
        let start = nameStarts[depth - 1]
        return String(decoding: UnsafeBufferPointer(start: names + start, count: nameStarts[depth] - start), as: UTF8.self)
    }

    /// False when the element would go past the fixed depth or name storage.
    mutating func push(name: UnsafeBufferPointer<UInt8>, role: Role, place: InputError.Place) -> Bool {
        let start = nameStarts[depth]
        guard depth < Self.maxDepth, start + name.count <= Self.maxNameBytes else { return false }
        (names + start).update(from: name.baseAddress!, count: name.count)
        (roles + depth).initialize(to: role)
        (places + depth).initialize(to: place)
        depth += 1
        nameStarts[depth] = start + name.count
        return true
    }

    mutating func pop() {
        depth -= 1
        (roles + depth).deinitialize(count: 1)
        (places + depth).deinitialize(count: 1)
    }

    func topNameEquals(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard depth > 0 else { return false }
        let start = nameStarts[depth - 1]
        guard nameStarts[depth] - start == name.count else { return false }
        return memcmp(names + start, name.baseAddress!, name.count) == 0
    }
}
