import BackgroundCore
import Glibc

/// The NMEA reader's state and logic, as a non-copyable struct so the hot path pays no dynamic
/// exclusivity checks (``NMEAReader`` is the public handle around it).
struct NMEAParser: ~Copyable {
    let path: String
    /// Whether fixes carry only their time and position (speed, course, altitude, HDOP, satellites and
    /// accuracy left nil): what `bgloc info` reports, without parsing the numbers it would not use. Which
    /// epochs give a fix, and every skipped line, are the same either way.
    let positionsOnly: Bool
    private(set) var fixes = 0
    private(set) var sentences = 0
    private(set) var badChecksums = 0
    private(set) var uncheckedSentences = 0
    private(set) var malformedSentences = 0
    /// Every skipped line: bad checksum, unchecked, malformed.
    var skippedSentences: Int { badChecksums + uncheckedSentences + malformedSentences }
    private(set) var ignoredSentences = 0
    private(set) var epochsWithoutFix = 0
    private(set) var undatedEpochs = 0
    /// The line where the epoch of the last fix returned begins (its first timed sentence).
    private(set) var fixLine = 0
    var bufferCapacity: Int { input.capacity }

    private var input: ChunkedInput
    private var line = 0
    private var epoch = Epoch()
    private var date: Int64?  // days since 1970-01-01
    private var lastTimeOfDay: Int64 = -1
    private var lastDate = (key: -1, days: Int64(0))
    private var fields: FieldList
    /// The fix `advance()` returned `.fix` for last, filled in place: callers read it where it is.
    private(set) var fix = LocationFix(time: nil, latitude: 0, longitude: 0)
    /// The problem `advance()` returned `.skipped` for last.
    private(set) var problem = InputError(file: "", message: "")
    /// What a handler produced, for `advance()` to return: nil while nothing.
    private var produced: Event?
    private var finished = false

    /// What `advance()` read: a fix (in `fix`) or a skipped line (in `problem`).
    enum Event { case fix, skipped }

    init(path: String, bufferSize: Int, positionsOnly: Bool = false) throws(InputError) {
        self.path = path
        self.positionsOnly = positionsOnly
        var input = try ChunkedInput(path: path, capacity: max(bufferSize, 256))
        _ = try input.refill(keeping: 0, tooLong: "")
        let b = input.bytes
        if input.end >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { input.position = 3 }  // a UTF-8 BOM
        fields = FieldList(bytes: input.bytes)
        self.input = input
    }

    /// The next fix or skipped line, as an item (a copy of `fix` or `problem`), or nil at the end.
    mutating func next() throws(InputError) -> TraceItem? {
        switch try advance() {
        case .fix: .trackPoint(fix, track: 0, segment: 0)
        case .skipped: .skipped(problem)
        case nil: nil
        }
    }

    /// Reads up to the next fix (left in `fix`) or skipped line (left in `problem`); nil at the end.
    ///
    /// Nothing large is returned or copied: a `TraceItem` is about 150 bytes, and moving one out of every
    /// handler and through every caller was a fifth of the reader's time.
    mutating func advance() throws(InputError) -> Event? {
        while produced == nil, !finished {
            if let (start, end) = try nextLine() {
                handle(start, end)
            } else {
                finished = true
                flush()
            }
        }
        defer { produced = nil }
        return produced
    }

    /// The next line's byte range (without CR/LF), or nil at the end of the file.
    private mutating func nextLine() throws(InputError) -> (Int, Int)? {
        var scanFrom = input.position
        while true {
            var p = scanFrom
            let end = input.end
            let bytes = input.bytes
            if let newline = memchr(bytes + p, 10, end - p) {
                p = UnsafeMutableRawPointer(newline).assumingMemoryBound(to: UInt8.self) - bytes
            } else {
                p = end
            }
            if p < end || (input.atEOF && input.position < end) {
                let start = input.position
                input.position = min(p + 1, end)
                line += 1
                var stop = p
                while stop > start, bytes[stop - 1] == 13 { stop -= 1 }
                return (start, stop)
            }
            if input.position == 0, end == input.capacity {
                // A line longer than the buffer is not NMEA (82 bytes at most): skip it whole.
                try skipRestOfLine()
                line += 1
                malformedSentences += 1
                problem = InputError(
                    file: path, place: .line(line),
                    message: "a line longer than \(input.capacity) bytes is not an NMEA sentence")
                produced = .skipped
                return (input.position, input.position)
            }
            guard let shift = try input.refill(keeping: input.position, tooLong: "") else {
                if input.position < input.end { continue }  // the last line has no line end
                return nil
            }
            scanFrom = p - shift
        }
    }

    private mutating func skipRestOfLine() throws(InputError) {
        while true {
            input.position = input.end
            guard try input.refill(keeping: input.end, tooLong: "") != nil else { return }
            var q = input.position
            while q < input.end, input.bytes[q] != 10 { q += 1 }
            if q < input.end {
                input.position = q + 1
                return
            }
        }
    }

    private enum Skip { case badChecksum, unchecked, malformed }

    private mutating func skip(_ message: String, count: Skip) {
        switch count {
        case .badChecksum: badChecksums += 1
        case .unchecked: uncheckedSentences += 1
        case .malformed: malformedSentences += 1
        }
        problem = InputError(file: path, place: .line(line), message: message)
        produced = .skipped
    }

    /// Handles one line; leaves a skipped item or a finished epoch's fix, if any, in `fix` or `problem`.
    private mutating func handle(_ start: Int, _ end: Int) {
        let b = input.bytes
        var s = start
        while s < end, b[s] == 32 || b[s] == 9 { s += 1 }
        if s == end || b[s] == 35 { return }  // blank or # comment
        guard b[s] == 36 || b[s] == 33 else {  // $ or !
            return skip("not an NMEA sentence (it does not begin with '$')", count: .malformed)
        }
        // Checksum: *HH at the end, and no other `*`; the pass that sums it also splits the fields.
        var e = end
        while e > s, b[e - 1] == 32 || b[e - 1] == 9 { e -= 1 }
        let star = e - 3
        var sum: UInt8 = 0
        var hasStar = true
        if star > s, b[star] == 42 { (sum, hasStar) = fields.split(from: s + 1, to: star) }
        guard !hasStar, let high = Self.hex(b[star + 1]), let low = Self.hex(b[star + 2]) else {
            var first = s + 1
            while first < e, b[first] != 42 { first += 1 }
            guard first < e else { return skip("an NMEA sentence without a checksum (*HH), skipped", count: .unchecked) }
            return skip("a malformed checksum in an NMEA sentence", count: .malformed)
        }
        guard high << 4 | low == sum else {
            let stated = String(decoding: UnsafeBufferPointer(start: b + star + 1, count: 2), as: UTF8.self)
            let hexDigits = Array("0123456789ABCDEF")
            return skip(
                "bad NMEA checksum: the sentence says *\(stated) but sums to *\(hexDigits[Int(sum >> 4)])\(hexDigits[Int(sum & 15)])",
                count: .badChecksum)
        }
        sentences += 1
        guard b[s] == 36 else {
            ignoredSentences += 1
            return
        }
        let address = fields.range(0)
        guard address.count == 5, b[address.lowerBound] != 80 else {  // not proprietary ($P…)
            ignoredSentences += 1
            return
        }
        let t0 = b[address.lowerBound + 2], t1 = b[address.lowerBound + 3], t2 = b[address.lowerBound + 4]
        switch (t0, t1, t2) {
        case (82, 77, 67): return rmc()  // RMC
        case (71, 71, 65): return gga()  // GGA
        case (71, 83, 65): return gsa()  // GSA
        case (71, 83, 84): return gst()  // GST
        case (71, 76, 76): return gll()  // GLL
        case (90, 68, 65): return zda()  // ZDA
        default:
            ignoredSentences += 1
            return
        }
    }

    // MARK: Sentences

    private mutating func malformed(_ what: String) {
        let kind = String(decoding: UnsafeBufferPointer(start: input.bytes + fields.range(0).lowerBound, count: fields.range(0).count), as: UTF8.self)
        skip("a malformed \(kind) sentence: \(what)", count: .malformed)
    }

    /// Starts a new epoch when `timeOfDay` differs from the current one by 10 ms or more (as gpsd's cycle
    /// detector: a Magellan eXplorist stamps GLL 200620.303 and GGA 200620.30 in one cycle); the finished
    /// one's fix, if any, goes to `fix`.
    private mutating func enterEpoch(_ timeOfDay: Int64) {
        if let current = epoch.timeOfDay, abs(current - timeOfDay) < 10_000_000 { return }
        flush()
        epoch.timeOfDay = timeOfDay
        epoch.line = line
    }

    private mutating func rmc() {
        // $--RMC,time,status,lat,N,lon,E,knots,course,ddmmyy,magvar,E[,mode[,navstatus]]
        guard fields.count >= 10 else { return malformed("\(fields.count) fields, expected at least 10") }
        guard let time = fields.timeOfDay(1) else {
            if !fields.isEmpty(1) { malformed("the time is not hhmmss") }
            return
        }
        var newDate: Int64?
        if !fields.isEmpty(9) {
            guard let d = ddmmyy(9) else { return malformed("the date is not ddmmyy") }
            newDate = d
        }
        let status = fields.isEmpty(2) ? 0 : input.bytes[fields.range(2).lowerBound]
        var position: (Double, Double)?
        if status == 65 {  // A
            guard let p = fields.coordinates(3) else { return malformed("the position is not ddmm.mmmm,N,dddmm.mmmm,E") }
            position = p
        }
        enterEpoch(time)
        if let newDate { date = newDate; epoch.date = newDate }
        if status == 65 {
            epoch.rmcPosition = position.map { EpochPosition(latitude: $0.0, longitude: $0.1, timeOfDay: time) }
            epoch.valid = true
            guard !positionsOnly else { return }
            if let speed = fields.number(7) { epoch.speed = speed * 0.514444 }
            if let course = fields.number(8) { epoch.course = course }
        } else if status == 86 {  // V
            epoch.void = true
        }
    }

    private mutating func gga() {
        // $--GGA,time,lat,N,lon,E,quality,sats,hdop,alt,M,geoid,M,age,station
        guard fields.count >= 10 else { return malformed("\(fields.count) fields, expected at least 10") }
        guard let time = fields.timeOfDay(1) else {
            if !fields.isEmpty(1) { malformed("the time is not hhmmss") }
            return
        }
        // Int(exactly:): a field of ninety digits is a number, but not an Int (Int(_:) would trap).
        var quality = 0
        if let field = fields.number(6) {
            guard let value = Int(exactly: field.rounded(.towardZero)) else { return malformed("the fix quality is not a whole number") }
            quality = value
        }
        var position: (Double, Double)?
        if quality > 0 {
            guard let p = fields.coordinates(2) else { return malformed("the position is not ddmm.mmmm,N,dddmm.mmmm,E") }
            position = p
        }
        // A fix needs three satellites: a GGA that claims one with fewer (Hemisphere's quality 1 with 00,
        // SiRFstarV's per-system GLGGA) is no fix, as gpsd reads it (an empty count is unknown, not 0).
        let satellites = fields.number(7)
        if quality > 0, let satellites, satellites < 3 { quality = 0 }
        enterEpoch(time)
        if quality > 0 {
            epoch.ggaPosition = position.map { EpochPosition(latitude: $0.0, longitude: $0.1, timeOfDay: time) }
            epoch.valid = true
            guard !positionsOnly else { return }
            epoch.altitude = fields.number(9)
            epoch.satellites = satellites.flatMap { Int(exactly: $0.rounded(.towardZero)) }
            if let hdop = fields.number(8) { epoch.hdop = hdop }
        }
    }

    private mutating func gll() {
        // $--GLL,lat,N,lon,E,time,status[,mode]: older receivers send no time or status (unusable, ignored).
        guard fields.count >= 7, !fields.isEmpty(5) else {
            ignoredSentences += 1
            return
        }
        guard let time = fields.timeOfDay(5) else { return malformed("the time is not hhmmss") }
        let status = fields.isEmpty(6) ? 0 : input.bytes[fields.range(6).lowerBound]
        let mode = fields.isEmpty(7) ? 0 : input.bytes[fields.range(7).lowerBound]
        var position: (Double, Double)?
        if status == 65, mode != 78 {  // A, and the mode is not N (not valid)
            guard let p = fields.coordinates(1) else { return malformed("the position is not ddmm.mmmm,N,dddmm.mmmm,E") }
            position = p
        }
        enterEpoch(time)
        if let position {
            epoch.gllPosition = EpochPosition(latitude: position.0, longitude: position.1, timeOfDay: time)
            epoch.valid = true
        } else {
            epoch.void = true
        }
    }

    private mutating func gsa() {
        // $--GSA,A,mode,sv×12,pdop,hdop,vdop[,system]
        guard fields.count >= 18 else { return malformed("\(fields.count) fields, expected at least 18") }
        // Receivers send one GSA per system (GPS, GLONASS, …): the epoch's mode is the best of them.
        if let mode = fields.number(2) { epoch.fixMode = max(epoch.fixMode ?? 0, mode) }
        if !positionsOnly, epoch.hdop == nil, let hdop = fields.number(16) { epoch.hdop = hdop }
    }

    private mutating func gst() {
        // $--GST,time,rms,major,minor,orientation,latσ,lonσ,altσ
        guard fields.count >= 8 else { return malformed("\(fields.count) fields, expected at least 8") }
        guard let time = fields.timeOfDay(1) else {
            if !fields.isEmpty(1) { malformed("the time is not hhmmss") }
            return
        }
        enterEpoch(time)
        if !positionsOnly, let lat = fields.number(6), let lon = fields.number(7) {
            epoch.accuracy = (lat * lat + lon * lon).squareRoot()
        }
    }

    private mutating func zda() {
        // $--ZDA,time,dd,mm,yyyy,zh,zm
        guard fields.count >= 5 else { return malformed("\(fields.count) fields, expected at least 5") }
        guard let time = fields.timeOfDay(1) else {
            if !fields.isEmpty(1) { malformed("the time is not hhmmss") }
            return
        }
        guard let day = fields.integer(2), let month = fields.integer(3), let year = fields.integer(4) else {
            if !fields.isEmpty(2) { malformed("the date is not dd,mm,yyyy") }
            return
        }
        guard let days = days(year: year, month: month, day: day) else { return malformed("the date is impossible") }
        enterEpoch(time)
        date = days
        epoch.date = days
    }

    /// Leaves the finished epoch's fix in `fix` or `problem`, if it had one and a date.
    private mutating func flush() {
        defer { epoch = Epoch() }
        guard epoch.timeOfDay != nil else { return }
        // The fix takes its time from the sentence its position comes from.
        guard epoch.valid, !epoch.void, epoch.fixMode != 1,
              let position = epoch.ggaPosition ?? epoch.rmcPosition ?? epoch.gllPosition
        else {
            epochsWithoutFix += 1
            return
        }
        guard var day = epoch.date ?? date else {
            undatedEpochs += 1
            return
        }
        // A GGA after midnight but before the next RMC still carries yesterday's date.
        let timeOfDay = position.timeOfDay
        if epoch.date == nil, lastTimeOfDay >= 0, timeOfDay + 43_200_000_000_000 < lastTimeOfDay { day += 1; date = day }
        lastTimeOfDay = timeOfDay
        let time = SimTime(nanosecondsSinceEpoch: day * 86_400_000_000_000 + timeOfDay)
        fixes += 1
        fixLine = epoch.line
        fix = LocationFix(
            time: time, latitude: position.latitude, longitude: position.longitude, altitude: epoch.altitude, speed: epoch.speed,
            course: epoch.course, horizontalAccuracy: epoch.accuracy ?? epoch.hdop.map { $0 * 5 }, hdop: epoch.hdop,
            satellites: epoch.satellites)
        produced = .fix
    }

    // MARK: Fields

    /// `NumberText.double`, with a fast path for what NMEA fields hold: `[-]digits[.digits]`, at most 15
    /// digits. Its result is the same (the mantissa and the power of ten are exact, one division rounds);
    /// anything else (spaces, `+`, exponents, more digits) goes to `NumberText.double`.
    static func decimal(_ base: UnsafePointer<UInt8>, _ count: Int) -> Double? {
        guard count > 0 else { return nil }
        let negative = base[0] == 45
        var i = negative ? 1 : 0
        var mantissa = 0  // at most 15 digits: an Int, whose conversion to Double is one instruction
        let digitsStart = i
        while i < count, base[i] &- 48 < 10 {
            mantissa = mantissa &* 10 &+ Int(base[i] &- 48)
            i += 1
        }
        var digits = i - digitsStart
        var fraction = 0
        if i < count, base[i] == 46 {  // .
            i += 1
            let fractionStart = i
            while i < count, base[i] &- 48 < 10 {
                mantissa = mantissa &* 10 &+ Int(base[i] &- 48)
                i += 1
            }
            fraction = i - fractionStart
            digits += fraction
        }
        guard i == count, digits > 0, digits <= 15 else { return slowDecimal(base, count) }
        let value = fraction > 0 ? Double(mantissa) / NumberText.power(fraction) : Double(mantissa)
        return negative ? -value : value
    }

    /// Numbers off the fast path, out of line so that the fast path stays small.
    @inline(never)
    private static func slowDecimal(_ base: UnsafePointer<UInt8>, _ count: Int) -> Double? {
        NumberText.double(base, count)
    }

    private mutating func ddmmyy(_ index: Int) -> Int64? {
        let r = fields.range(index)
        guard r.count == 6, let value = NumberText.integer(input.bytes + r.lowerBound, 6) else { return nil }
        let yy = value % 100
        return days(year: yy < 80 ? 2000 + yy : 1900 + yy, month: value / 100 % 100, day: value / 10_000)
    }

    /// `Self.days`, remembering the last answer (logs change date once a day, not once a sentence).
    private mutating func days(year: Int, month: Int, day: Int) -> Int64? {
        let key = (year * 100 + month) * 100 + day
        if key == lastDate.key { return lastDate.days }
        let days = Self.days(year: year, month: month, day: day)
        if let days { lastDate = (key, days) }
        return days
    }

    /// Days since 1970-01-01 of a calendar date, nil when there is no such date. Called once per date
    /// change in the log (`ddmmyy` caches), so the string it builds costs nothing per sentence.
    static func days(year: Int, month: Int, day: Int) -> Int64? {
        // Reuse the RFC 3339 parser's calendar rules rather than repeating them.
        var text = "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)T00:00:00Z"
        guard year >= 1000, year <= 9999,
              let time = text.withUTF8({ SimTime(rfc3339Bytes: $0) })
        else { return nil }
        return time.nanosecondsSinceEpoch / 86_400_000_000_000
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 65...70: c - 55
        case 97...102: c - 87
        default: nil
        }
    }
}
