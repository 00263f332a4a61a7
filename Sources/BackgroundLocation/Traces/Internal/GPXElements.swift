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
}

/// The open elements: names (for matching end tags), roles and where each began, in storage reserved once.
struct ElementStack {
    static let maxDepth = 256
    static let maxNameBytes = 16 * 1024
    private var names: [UInt8] = []
    private var nameStarts: [Int] = []
    private var roles: [Role] = []
    private var places: [InputError.Place] = []

    init() {
        names.reserveCapacity(Self.maxNameBytes)
        nameStarts.reserveCapacity(Self.maxDepth)
        roles.reserveCapacity(Self.maxDepth)
        places.reserveCapacity(Self.maxDepth)
    }

    var isEmpty: Bool { roles.isEmpty }
    var topRole: Role { roles.last ?? .ignored }
    var topPlace: InputError.Place { places.last ?? .none }
    var topName: String { String(decoding: names[(nameStarts.last ?? 0)...], as: UTF8.self) }

    /// False when the element would go past the reserved depth or name storage.
    mutating func push(name: UnsafeBufferPointer<UInt8>, role: Role, place: InputError.Place) -> Bool {
        guard roles.count < Self.maxDepth, names.count + name.count <= Self.maxNameBytes else { return false }
        nameStarts.append(names.count)
        names.append(contentsOf: name)
        roles.append(role)
        places.append(place)
        return true
    }

    mutating func pop() {
        names.removeSubrange(nameStarts.removeLast()...)
        roles.removeLast()
        places.removeLast()
    }

    func topNameEquals(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = nameStarts.last, names.count - start == name.count else { return false }
        var k = start
        for c in name {
            if names[k] != c { return false }
            k += 1
        }
        return true
    }
}
