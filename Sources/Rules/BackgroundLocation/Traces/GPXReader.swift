public import BackgroundCore

/// Reads a GPX 1.0 or 1.1 file as a stream: track points, route points and waypoints, one at a time, in
/// constant memory whatever the file's size.
///
/// A byte-level scanner reads the file in chunks of `bufferSize` bytes (64 KiB by default) with read(2);
/// there is no XMLParser, no Foundation and no allocation per point. A track point of the usual plain
/// shape is read in place in one pass (`TrackPointScan`); anything unusual in it (an entity, a comment,
/// CDATA, a point across two reads) goes through the general scanner, which reads it the same, and
/// reports its errors at the same places. It reads `ele`, `time` (UTC `Z`,
/// numeric offsets, fractional seconds, a space for `T`), GPX 1.0 `speed`/`course`, the Garmin
/// TrackPointExtension's `speed`/`course` (any prefix), bgkit's `horizontalAccuracy` extension, `hdop`,
/// `sat` and `fix`, skipping everything else (names, links, unknown extensions). A UTF-8 byte order mark,
/// comments, CDATA and processing instructions are fine.
///
/// It is safe on hostile input: a `<!DOCTYPE` is an error (no DTD processing), no entity expands beyond the
/// five predefined ones and numeric character references, nothing touches a file or the network.
/// Any problem throws an `InputError` with the file, line and column: a latitude outside ±90 or longitude
/// outside ±180, NaN or infinity, unparseable numbers and times, mismatched or unclosed tags, a truncated
/// file, a file that is not GPX at all, an empty file.
///
/// ```swift
/// let reader = try GPXReader(path: "walk.gpx")
/// while let item = try reader.next() {
///     if case .trackPoint(let fix, _, _) = item { print(fix.latitude, fix.longitude) }
/// }
/// print(reader.tracks, reader.segments, reader.trackPoints)
/// ```
///
/// - Warning: Not thread-safe; one owner pulls items.
public final class GPXReader {
    /// The file being read.
    public let path: String
    private var parser: GPXParser

    /// Opens a GPX file for reading; nothing is parsed until `next()`.
    ///
    /// - Throws: `InputError` when the file cannot be opened or is UTF-16.
    public convenience init(path: String, bufferSize: Int = 64 * 1024) throws(InputError) {
        try self.init(path: path, bufferSize: bufferSize, fastPoints: true)
    }

    /// Opens a GPX file for reading with the track-point fast path on or off (the tests prove both read
    /// every file alike).
    init(path: String, bufferSize: Int, fastPoints: Bool) throws(InputError) {
        self.path = path
        parser = try GPXParser(path: path, bufferSize: bufferSize, fastPoints: fastPoints)
    }

    /// The next track point, route point or waypoint in file order, or nil at the end of the file.
    ///
    /// - Throws: `InputError` naming the line, column and problem; the reader is unusable afterwards.
    public func next() throws(InputError) -> TraceItem? { try parser.next() }

    /// The root element's `version` attribute ("1.0", "1.1"), nil when it has none.
    public var version: String? { parser.version }
    /// Tracks (`trk`) seen so far, empty ones included.
    public var tracks: Int { parser.tracks }
    /// Track segments (`trkseg`) seen so far, empty ones included.
    public var segments: Int { parser.segments }
    /// Routes (`rte`) seen so far.
    public var routes: Int { parser.routes }
    /// Track points returned so far.
    public var trackPoints: Int { parser.trackPoints }
    /// Route points returned so far.
    public var routePoints: Int { parser.routePoints }
    /// Waypoints returned so far.
    public var waypoints: Int { parser.waypoints }
    /// Track points the fast path read (of `trackPoints`), for the tests that prove it reads as the
    /// general scanner does.
    var fastTrackPoints: Int { parser.fastTrackPoints }
    /// Where the point `next()` returned last begins (its start tag's line and column); `.none` before any.
    public var place: InputError.Place { parser.place() }
    /// The size of the read buffer: fixed for the reader's life, whatever the size of the file.
    public var bufferCapacity: Int { parser.bufferCapacity }
    /// Bytes read from the file so far.
    public var bytesRead: Int { parser.bytesRead }
}
