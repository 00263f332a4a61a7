import BackgroundCore

/// The GPX reader's state and logic, as a non-copyable struct so the hot path pays no dynamic exclusivity
/// checks (``GPXReader`` is the public handle around it).
struct GPXParser: ~Copyable {
    let path: String
    private(set) var version: String?
    private(set) var tracks = 0
    private(set) var segments = 0
    private(set) var routes = 0
    private(set) var trackPoints = 0
    private(set) var routePoints = 0
    private(set) var waypoints = 0
    /// Track points read through the fast path (of `trackPoints`).
    private(set) var fastTrackPoints = 0
    /// The file offset where the point being read (or returned last) begins; -1 before any.
    private var pointOffset = -1

    private var scanner: XMLScanner
    private var stack = ElementStack()
    private var phase = Phase.beforeRoot
    /// The point being read, or the one `advance()` read last: filled in place, read where it is.
    private(set) var point = PendingPoint()
    private var trackSegment = (track: -1, segment: -1)
    /// Whether track points in a segment go through ``TrackPointScan`` first (tests turn it off to compare).
    private let fastPoints: Bool
    private let pointScan = TrackPointScan()

    private enum Phase { case beforeRoot, inRoot, afterRoot }

    var bufferCapacity: Int { scanner.input.capacity }
    var bytesRead: Int { scanner.input.bytesRead }

    /// The line and column where the point being read (or returned last) begins; `.none` before any.
    mutating func place() -> InputError.Place {
        pointOffset < 0 ? .none : scanner.input.place(atOffset: pointOffset)
    }

    init(path: String, bufferSize: Int, fastPoints: Bool = true) throws(InputError) {
        self.path = path
        self.fastPoints = fastPoints
        var input = try ChunkedInput(path: path, capacity: max(bufferSize, 256))
        _ = try input.refill(keeping: 0, tooLong: "")
        let b = input.bytes
        if input.end >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
            input.position = 3
        } else if input.end >= 2, (b[0] == 0xFE && b[1] == 0xFF) || (b[0] == 0xFF && b[1] == 0xFE) {
            throw InputError(file: path, place: .line(1, column: 1), message: "the file is UTF-16; bgkit reads GPX in UTF-8")
        }
        scanner = XMLScanner(input: input)
    }

    /// The next point as an item (a copy of `point`), or nil at the end of the file.
    mutating func next() throws(InputError) -> TraceItem? {
        switch try advance() {
        case .trackPoint: .trackPoint(point.fix, track: track, segment: segment)
        case .routePoint: .routePoint(point.fix, route: routes - 1)
        case .waypoint: .waypoint(point.fix)
        case nil: nil
        }
    }

    /// What `advance()` read into `point`.
    enum PointKind { case trackPoint, routePoint, waypoint }

    /// The track (from 0) of the last track point read.
    var track: Int { max(0, trackSegment.track) }
    /// The segment (from 0, within its track) of the last track point read.
    var segment: Int { max(0, trackSegment.segment) }

    /// Reads up to the next point (left in `point`, counted) and says what it is; nil at the end of the file.
    ///
    /// Nothing large is returned: a `TraceItem` is about 150 bytes, and moving one out through every
    /// caller was a tenth of `bgloc info`'s time.
    mutating func advance() throws(InputError) -> PointKind? {
        while true {
            if fastPoints, stack.topRole == .trkseg, fastTrackPoint() { return count(.trkpt) }
            if stack.isEmpty { scanner.resetText() }
            scanner.locatingText = stack.isEmpty
            let token = try scanner.next()
            if stack.isEmpty, scanner.sawText {
                throw InputError(
                    file: path, place: scanner.textPlace ?? .none,
                    message: phase == .beforeRoot
                        ? "not a GPX file: it begins with text, not an XML element"
                        : "text after the closing </gpx>")
            }
            switch token {
            case .start(let name, let attributes, let selfClosing):
                if let role = try start(name: name, attributes: attributes, selfClosing: selfClosing) { return count(role) }
            case .end(let name):
                if let role = try end(name: name) { return count(role) }
            case .endOfFile:
                try endOfFile()
                return nil
            }
        }
    }

    /// Handles a start tag; returns the role of a point to emit (a self-closing one).
    private mutating func start(name: Range<Int>, attributes: Range<Int>, selfClosing: Bool) throws(InputError) -> Role? {
        let local = localName(name)
        let role: Role
        switch phase {
        case .beforeRoot:
            guard equals(local, "gpx") else {
                throw scanner.error("not a GPX file: the root element is <\(text(name))>, not <gpx>")
            }
            role = .gpx
            version = try attribute("version", in: attributes).map { text($0) }
            phase = .inRoot
        case .afterRoot:
            throw scanner.error("a second root element <\(text(name))> after the closing </gpx>")
        case .inRoot:
            role = Self.role(of: local, in: stack.topRole, bytes: scanner.bytes, end: scanner.input.end)
        }
        scanner.capturing = false
        let offset = scanner.input.offset(of: scanner.tokenStart)
        switch role {
        case .trk:
            tracks += 1
            trackSegment = (trackSegment.track + 1, -1)
        case .trkseg:
            segments += 1
            trackSegment.segment += 1
        case .rte:
            routes += 1
        case .wpt, .rtept, .trkpt:
            point = PendingPoint()
            pointOffset = offset
            point.latitude = try coordinate("lat", in: attributes, limit: 90, element: name, at: offset)
            point.longitude = try coordinate("lon", in: attributes, limit: 180, element: name, at: offset)
            if selfClosing { return role }
        case .field:
            scanner.resetText()
            scanner.capturing = !selfClosing
        default:
            break
        }
        if !selfClosing {
            guard stack.push(name: UnsafeBufferPointer(start: scanner.bytes + name.lowerBound, count: name.count),
                             role: role, offset: offset)
            else { throw scanner.error("elements nested more than \(ElementStack.maxDepth) deep") }
        }
        return nil
    }

    /// Handles an end tag; returns the role of a point to emit.
    private mutating func end(name: Range<Int>) throws(InputError) -> Role? {
        guard !stack.isEmpty else { throw scanner.error("</\(text(name))> closes no open element") }
        let nameBytes = UnsafeBufferPointer(start: scanner.bytes + name.lowerBound, count: name.count)
        guard stack.topNameEquals(nameBytes) else {
            let opened = Self.describe(scanner.input.place(atOffset: stack.topOffset))
            throw scanner.error("</\(text(name))> does not match <\(stack.topName)> opened at \(opened)")
        }
        let (role, offset) = (stack.topRole, stack.topOffset)
        stack.pop()
        scanner.capturing = false
        switch role {
        case .field(let field):
            try finish(field, at: offset)
            return nil
        case .wpt, .rtept, .trkpt:
            return role
        case .gpx:
            phase = .afterRoot
            return nil
        default:
            return nil
        }
    }

    /// Reads the next track point into `point` through ``TrackPointScan`` when the segment's next markup is
    /// a plain `<trkpt` whole in the buffer; false (nothing consumed) for the general scanner.
    private mutating func fastTrackPoint() -> Bool {
        let bytes = scanner.bytes
        let end = scanner.input.end
        var p = scanner.input.position
        while p < end, isSpace(bytes[p]) { p += 1 }
        // The segment is at depth 3 (gpx, trk, trkseg): the point's own elements fit the stack's fixed depth.
        guard p + 8 <= end, ByteScan.word(bytes + p) & 0xFFFF_FFFF_FFFF == Self.trkptTag, isSpace(bytes[p + 6]),
              stack.nameBytes + TrackPointScan.maxDepth * TrackPointScan.maxNameBytes + 5 <= ElementStack.maxNameBytes,
              let next = pointScan.read(bytes, from: p, end: end, into: &point)
        else { return false }
        pointOffset = scanner.input.offset(of: p)
        scanner.input.position = next
        fastTrackPoints += 1
        return true
    }

    /// "<trkpt" as the low six bytes of a little-endian word.
    private static let trkptTag: UInt64 = 0x74706b72743c

    private mutating func endOfFile() throws(InputError) {
        switch phase {
        case .inRoot:
            let opened = Self.describe(scanner.input.place(atOffset: stack.topOffset))
            throw scanner.error("the file ends inside <\(stack.topName)> opened at \(opened) (truncated?)")
        case .beforeRoot:
            throw InputError(
                file: path,
                message: scanner.input.bytesRead <= 3 ? "the file is empty" : "not a GPX file: it has no <gpx> element")
        case .afterRoot:
            return
        }
    }

    private mutating func count(_ role: Role) -> PointKind {
        switch role {
        case .trkpt:
            trackPoints += 1
            return .trackPoint
        case .rtept:
            routePoints += 1
            return .routePoint
        default:
            waypoints += 1
            return .waypoint
        }
    }

    // MARK: Values

    private mutating func finish(_ field: Field, at offset: Int) throws(InputError) {
        guard !scanner.textOverflow else {
            throw InputError(
                file: path, place: scanner.input.place(atOffset: offset),
                message: "the text of <\(field.element)> is longer than \(XMLScanner.textCapacity) bytes")
        }
        let base = UnsafePointer(scanner.text)
        let count = scanner.textCount
        guard point.set(field, base, count) else {
            let place = scanner.input.place(atOffset: offset)
            let message = switch field {
            case .time: "time '\(Self.shown(base, count))' is not an RFC 3339 time such as 2026-03-01T09:15:02Z"
            case .sat: "sat '\(Self.shown(base, count))' is not a whole number of satellites"
            case .fix: "fix '\(Self.shown(base, count).trimmingSpaces)' is not one of none, 2d, 3d, dgps, pps"
            default: Self.numberProblem(base, count, what: field.description)
            }
            throw InputError(file: path, place: place, message: message)
        }
    }

    private mutating func number(
        _ base: UnsafePointer<UInt8>, _ count: Int, what: @autoclosure () -> String, at offset: Int
    ) throws(InputError) -> Double {
        if let value = NumberText.double(base, count), value.isFinite { return value }
        throw InputError(file: path, place: scanner.input.place(atOffset: offset), message: Self.numberProblem(base, count, what: what()))
    }

    /// Why the `count` bytes at `base` are not the finite number `what` needs.
    private static func numberProblem(_ base: UnsafePointer<UInt8>, _ count: Int, what: String) -> String {
        let shown = Self.shown(base, count).trimmingSpaces
        let unsigned = shown.lowercased().drop { $0 == "+" || $0 == "-" }
        let nonFinite = NumberText.double(base, count) != nil || ["nan", "inf", "infinity"].contains(unsigned)
        return "\(what) '\(shown)' is not \(nonFinite ? "a finite number" : "a number")"
    }

    private mutating func coordinate(
        _ key: StaticString, in attributes: Range<Int>, limit: Double, element: Range<Int>, at offset: Int
    ) throws(InputError) -> Double {
        let what = limit == 90 ? "latitude" : "longitude"
        guard let range = try attribute(key, in: attributes, at: offset) else {
            throw InputError(file: path, place: scanner.input.place(atOffset: offset), message: "<\(text(element))> has no \(key) attribute")
        }
        let value = try number(scanner.bytes + range.lowerBound, range.count, what: what, at: offset)
        guard value >= -limit, value <= limit else {
            throw InputError(file: path, place: scanner.input.place(atOffset: offset), message: "\(what) \(text(range).trimmingSpaces) is outside -\(Int(limit))...\(Int(limit))")
        }
        return value
    }

    /// The value range of attribute `key` in a start tag's attribute bytes.
    private mutating func attribute(_ key: StaticString, in range: Range<Int>, at offset: Int? = nil) throws(InputError) -> Range<Int>? {
        let b = scanner.bytes
        var i = range.lowerBound
        let end = range.upperBound
        while true {
            while i < end, isSpace(b[i]) { i += 1 }
            if i >= end { return nil }
            let nameStart = i
            while i < end, b[i] != 61, !isSpace(b[i]) { i += 1 }  // =
            let nameEnd = i
            while i < end, isSpace(b[i]) { i += 1 }
            guard i < end, b[i] == 61, nameEnd > nameStart else { break }
            i += 1
            while i < end, isSpace(b[i]) { i += 1 }
            guard i < end, b[i] == 34 || b[i] == 39 else { break }
            let quote = b[i]
            i += 1
            let valueStart = i
            while i < end, b[i] != quote { i += 1 }
            guard i < end else { break }
            let valueRange = valueStart..<i
            i += 1
            if equals(nameStart..<nameEnd, key) { return valueRange }
        }
        guard let offset else { return nil }
        throw InputError(file: path, place: scanner.input.place(atOffset: offset), message: "a malformed attribute in <\(text(range))>")
    }

    // MARK: Names

    private func localName(_ name: Range<Int>) -> Range<Int> { Self.localName(name, in: scanner.bytes) }

    /// The part of the element name at `name` after its namespace prefix (the last ':'), all of it without one.
    static func localName(_ name: Range<Int>, in bytes: UnsafePointer<UInt8>) -> Range<Int> {
        var start = name.upperBound
        while start > name.lowerBound, bytes[start - 1] != 58 { start -= 1 }  // :
        return start..<name.upperBound
    }

    private func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        var k = 0
        for i in range {
            if scanner.bytes[i] != literal.utf8Start[k] { return false }
            k += 1
        }
        return true
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: scanner.bytes + range.lowerBound, count: range.count), as: UTF8.self)
    }

    private static func shown(_ base: UnsafePointer<UInt8>, _ count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: min(count, 80)), as: UTF8.self)
    }

    static func describe(_ place: InputError.Place) -> String {
        if case .line(let line, let column?) = place { return "line \(line), column \(column)" }
        if case .line(let line, nil) = place { return "line \(line)" }
        return "the start"
    }

    /// What an element named `local` means inside `parent` (`bytes[..<end]` are readable). Names of up to eight
    /// bytes compare as one word.
    static func role(of local: Range<Int>, in parent: Role, bytes: UnsafePointer<UInt8>, end: Int) -> Role {
        let name = NameWord(bytes + local.lowerBound, local.count, readable: end - local.lowerBound)
        switch parent {
        case .gpx:
            if name == NameWord.trk { return .trk }
            if name == NameWord.wpt { return .wpt }
            if name == NameWord.rte { return .rte }
        case .trk:
            if name == NameWord.trkseg { return .trkseg }
        case .trkseg:
            if name == NameWord.trkpt { return .trkpt }
        case .rte:
            if name == NameWord.rtept { return .rtept }
        case .wpt, .rtept, .trkpt:
            if name == NameWord.ele { return .field(.ele) }
            if name == NameWord.time { return .field(.time) }
            if name == NameWord.hdop { return .field(.hdop) }
            if name == NameWord.sat { return .field(.sat) }
            if name == NameWord.speed { return .field(.speed) }
            if name == NameWord.course { return .field(.course) }
            if name == NameWord.fix { return .field(.fix) }
            if name == NameWord.extensions { return .extensions }
        case .extensions:
            if name == NameWord.trackPointExtension { return .trackPointExtension }
            if name == NameWord.horizontalAccuracy { return .field(.accuracy) }
        case .trackPointExtension:
            if name == NameWord.speed { return .field(.garminSpeed) }
            if name == NameWord.course { return .field(.garminCourse) }
        case .field, .ignored:
            break
        }
        return .ignored
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
