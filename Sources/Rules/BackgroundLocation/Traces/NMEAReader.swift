public import BackgroundCore

/// Reads an NMEA 0183 log as a stream of fixes, one per epoch, in constant memory.
///
/// Sentences that share a time of day (within 10 ms) form an epoch; when the time changes, the epoch becomes
/// one fix: the position from GGA (else RMC, else GLL) with that sentence's time, speed and course from RMC,
/// altitude, satellites and HDOP from GGA (HDOP also from GSA), and the horizontal accuracy from GST (the
/// root of the squared latitude and longitude errors) or, without GST, HDOP × 5 m. The date comes from RMC
/// (or ZDA). Any talker is read ($GP, $GN, $GL, $GA, $GB, $IN, …). An epoch yields a fix when its RMC or
/// GLL says valid (`A`) or its GGA has a fix quality from at least 3 satellites, but none when its RMC or
/// GLL says void (`V`, the receiver's own warning) or its GSAs say "no fix" (mode 1); it is skipped (and
/// counted) when no date has been seen yet.
///
/// Checksums are verified. Sentences with a bad checksum, without one, or malformed are skipped, counted,
/// and returned as `.skipped(InputError)` (file and line) so a replay can report them; comments (`#`, as in
/// gpsd's logs), blank lines and CRLF line ends are fine; other sentence types are counted and ignored.
///
/// ```swift
/// let reader = try NMEAReader(path: "drive.nmea")
/// while let item = try reader.next() {
///     switch item {
///     case .trackPoint(let fix, _, _): print(fix)
///     case .skipped(let problem): print("skipped:", problem)
///     default: break
///     }
/// }
/// print(reader.fixes, reader.badChecksums)
/// ```
///
/// - Warning: Not thread-safe; one owner pulls items.
public final class NMEAReader {
    /// The file being read.
    public let path: String
    private var parser: NMEAParser

    /// Opens an NMEA log for reading; nothing is parsed until `next()`.
    public init(path: String, bufferSize: Int = 64 * 1024) throws(InputError) {
        self.path = path
        parser = try NMEAParser(path: path, bufferSize: bufferSize)
    }

    /// The next fix or skipped sentence, or nil at the end of the log.
    public func next() throws(InputError) -> TraceItem? { try parser.next() }

    /// Fixes returned so far.
    public var fixes: Int { parser.fixes }
    /// The line where the epoch of the last fix returned begins (its first sentence with a time).
    public var fixLine: Int { parser.fixLine }
    /// Sentences with a valid checksum read so far (used or not).
    public var sentences: Int { parser.sentences }
    /// Sentences skipped because their checksum did not match.
    public var badChecksums: Int { parser.badChecksums }
    /// Sentences skipped because they carry no checksum.
    public var uncheckedSentences: Int { parser.uncheckedSentences }
    /// Lines skipped because they are not well-formed sentences (or have impossible values).
    public var malformedSentences: Int { parser.malformedSentences }
    /// Every skipped line: bad checksum, unchecked, malformed.
    public var skippedSentences: Int { parser.skippedSentences }
    /// Valid sentences of types the reader does not use (GSV, VTG, proprietary …).
    public var ignoredSentences: Int { parser.ignoredSentences }
    /// Epochs without a fix (void RMC or GLL, GSA mode 1, no position).
    public var epochsWithoutFix: Int { parser.epochsWithoutFix }
    /// Epochs with a fix but before any date (RMC or ZDA) in the log, skipped.
    public var undatedEpochs: Int { parser.undatedEpochs }
    /// The size of the read buffer: fixed for the reader's life, whatever the size of the file.
    public var bufferCapacity: Int { parser.bufferCapacity }
}
