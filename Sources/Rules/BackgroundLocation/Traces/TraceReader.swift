public import BackgroundCore

/// Opens a trace of either format (told by content) and streams its items: the one entry point replays
/// and `bgloc info` use.
///
/// ```swift
/// let trace = try TraceReader(path: "Traces/walk-through-region.gpx")
/// while let item = try trace.next() {
///     if let fix = item.trackFix { … }                        // the fixes to replay
///     if case .skipped(let problem) = item { … }             // NMEA sentences to report as errors
/// }
/// ```
///
/// - Warning: Not thread-safe; one owner pulls items.
public final class TraceReader {
    /// The reader underneath, for format-specific counts.
    public enum Underlying {
        case gpx(GPXReader)
        case nmea(NMEAReader)
    }

    /// The read buffer's size for both formats: fixed for the reader's life, whatever the file's size.
    static let bufferSize = 64 * 1024

    /// The file being read.
    public let path: String
    /// The detected format.
    public var format: TraceFormat {
        switch underlying {
        case .gpx: .gpx
        case .nmea: .nmea
        }
    }
    /// The format's own reader (its counts: tracks, skipped sentences, …).
    public let underlying: Underlying

    /// Detects the file's format and opens it.
    ///
    /// - Throws: `InputError` when the file cannot be opened, is empty, or is neither GPX nor NMEA.
    public init(path: String) throws(InputError) {
        self.path = path
        switch try TraceFormat.detect(path: path) {
        case .gpx: underlying = .gpx(try GPXReader(path: path, bufferSize: Self.bufferSize))
        case .nmea: underlying = .nmea(try NMEAReader(path: path, bufferSize: Self.bufferSize))
        }
    }

    /// The next item in file order, or nil at the end.
    public func next() throws(InputError) -> TraceItem? {
        switch underlying {
        case .gpx(let reader): try reader.next()
        case .nmea(let reader): try reader.next()
        }
    }

    /// Where the item `next()` returned last begins: a GPX point's start tag (line and column); for an NMEA
    /// fix, the line of its epoch's first sentence with a time.
    public var place: InputError.Place {
        switch underlying {
        case .gpx(let reader): reader.place
        case .nmea(let reader): .line(reader.fixLine)
        }
    }

    /// Reads the whole trace and returns its track fixes (for small traces and tests; replays should pull
    /// items one by one).
    public static func fixes(path: String) throws(InputError) -> [LocationFix] {
        let reader = try TraceReader(path: path)
        var fixes: [LocationFix] = []
        while let item = try reader.next() {
            if let fix = item.trackFix { fixes.append(fix) }
        }
        return fixes
    }
}
