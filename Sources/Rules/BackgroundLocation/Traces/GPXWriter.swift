import BackgroundCore
import Glibc

/// Writes fixes to a GPX 1.1 file (one track, one segment) that is a complete, valid document after every
/// `append`, so a recording stopped by Ctrl-C, SIGKILL or a power cut still opens everywhere.
///
/// The trick: after each track point the writer also writes the closing tags (`</trkseg></trk></gpx>`),
/// and the next point is written over them, starting where they began (one `pwrite` per point, point and
/// closing tags together). `close()` fsyncs and closes the file.
///
/// Each point carries `lat`/`lon` (the shortest decimal that reads back to the same Double), `ele`, `time`
/// (RFC 3339 UTC), `sat` and `hdop`; speed (m/s) and course (degrees) go into a Garmin
/// TrackPointExtension v2 (`gpxtpx:speed`, `gpxtpx:course`), which Garmin tools, gpxpy and GPSBabel
/// understand; the horizontal accuracy (m), which GPX has no element for, goes into
/// `bgkit:horizontalAccuracy` (namespace ``GPXWriter/bgkitNamespace``). ``GPXReader`` reads all of them
/// back, so writing and reading gives the same fixes.
///
/// ```swift
/// let writer = try GPXWriter(path: "walk.gpx", creator: "bgloc record")
/// try writer.append(fix)       // the file is valid GPX from here on
/// try writer.close()
/// ```
///
/// - Warning: Not thread-safe; one owner appends.
public final class GPXWriter {
    /// The namespace of bgkit's own GPX extension elements.
    public static let bgkitNamespace = "https://github.com/bgkit/bgkit/gpx/1"
    static let garminNamespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
    static let tail = "    </trkseg>\n  </trk>\n</gpx>\n"

    /// The file being written.
    public let path: String
    /// How many fixes have been appended.
    public private(set) var count = 0
    private var descriptor: Int32
    /// Where the closing tags begin: the next point is written here.
    private var tailOffset: Int

    /// Creates (or truncates) the file and writes an empty, valid track to it.
    ///
    /// - Throws: ``TraceWriteError`` when the file cannot be created or written.
    public init(path: String, creator: String = "bgkit") throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0 { throw TraceWriteError(path: path, message: "cannot create the file: \(Self.errnoText())") }
        let head = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="\(MarkupEscaping.escape(creator))" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="\(Self.garminNamespace)" xmlns:bgkit="\(Self.bgkitNamespace)">
              <trk>
                <trkseg>

            """
        tailOffset = head.utf8.count
        try write(head + Self.tail, at: 0)
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Appends one track point; afterwards the file is again a complete GPX document.
    ///
    /// - Throws: ``TraceWriteError`` when a coordinate is not finite or the write fails.
    public func append(_ fix: LocationFix) throws {
        guard descriptor >= 0 else { throw TraceWriteError(path: path, message: "the writer is already closed") }
        let point = try Self.trackPoint(fix, path: path)
        try write(point + Self.tail, at: tailOffset)
        tailOffset += point.utf8.count
        count += 1
    }

    /// Flushes the file to disk (fsync) and closes it. Closing twice does nothing.
    public func close() throws {
        guard descriptor >= 0 else { return }
        let fd = descriptor
        descriptor = -1
        let synced = fsync(fd) == 0
        let syncError = synced ? "" : Self.errnoText()
        let closed = Glibc.close(fd) == 0
        if !synced { throw TraceWriteError(path: path, message: "cannot flush the file to disk: \(syncError)") }
        if !closed { throw TraceWriteError(path: path, message: "cannot close the file: \(Self.errnoText())") }
    }

    private func write(_ text: String, at offset: Int) throws {
        var text = text
        try text.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let n = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw TraceWriteError(path: path, message: "cannot write the file: \(Self.errnoText())")
                }
                done += n
            }
        }
    }

    static func trackPoint(_ fix: LocationFix, path: String) throws -> String {
        func decimal(_ value: Double, _ name: String) throws -> String {
            guard value.isFinite else {
                throw TraceWriteError(path: path, message: "cannot write a track point whose \(name) is \(value)")
            }
            return DecimalText.format(value)
        }
        guard (-90...90).contains(fix.latitude), (-180...180).contains(fix.longitude) else {
            throw TraceWriteError(
                path: path, message: "cannot write a track point at \(fix.latitude), \(fix.longitude) (outside the globe)")
        }
        var out = "      <trkpt lat=\"\(try decimal(fix.latitude, "latitude"))\" lon=\"\(try decimal(fix.longitude, "longitude"))\">"
        if let altitude = fix.altitude { out += "<ele>\(try decimal(altitude, "altitude"))</ele>" }
        if let time = fix.time { out += "<time>\(time.rfc3339)</time>" }
        if let satellites = fix.satellites { out += "<sat>\(max(0, satellites))</sat>" }
        if let hdop = fix.hdop { out += "<hdop>\(try decimal(hdop, "hdop"))</hdop>" }
        if fix.speed != nil || fix.course != nil || fix.horizontalAccuracy != nil {
            out += "<extensions>"
            if fix.speed != nil || fix.course != nil {
                out += "<gpxtpx:TrackPointExtension>"
                if let speed = fix.speed { out += "<gpxtpx:speed>\(try decimal(speed, "speed"))</gpxtpx:speed>" }
                if let course = fix.course { out += "<gpxtpx:course>\(try decimal(course, "course"))</gpxtpx:course>" }
                out += "</gpxtpx:TrackPointExtension>"
            }
            if let accuracy = fix.horizontalAccuracy {
                out += "<bgkit:horizontalAccuracy>\(try decimal(accuracy, "horizontal accuracy"))</bgkit:horizontalAccuracy>"
            }
            out += "</extensions>"
        }
        return out + "</trkpt>\n"
    }


    static func errnoText() -> String { Errno(errno).description }
}
