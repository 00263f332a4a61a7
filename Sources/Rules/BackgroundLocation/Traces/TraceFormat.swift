public import BackgroundCore
import Glibc

/// The formats bgkit reads traces in, told apart by content, never by file name.
public enum TraceFormat: String, Hashable, Sendable, CustomStringConvertible {
    case gpx
    case nmea

    public var description: String { rawValue }

    /// Looks at the start of the file: XML (`<`, after an optional UTF-8 BOM and white space) is GPX; lines
    /// beginning with `$` or `!` (after optional `#` comment lines, as in gpsd's logs) are NMEA 0183.
    ///
    /// - Throws: `InputError` when the file cannot be read, is empty, or is neither.
    public static func detect(path: String) throws(InputError) -> TraceFormat {
        var input = try ChunkedInput(path: path, capacity: 4096)
        _ = try input.refill(keeping: 0, tooLong: "")
        let b = input.bytes
        var i = 0
        if input.end >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        var atLineStart = true
        var inComment = false
        var sawComment = false
        while i < input.end {
            let c = b[i]
            i += 1
            if c == 10 {
                atLineStart = true
                inComment = false
                continue
            }
            if inComment || isSpace(c) { continue }
            if c == 60 { return .gpx }  // <
            if atLineStart, c == 35 {  // #
                inComment = true
                sawComment = true
                continue
            }
            if atLineStart, c == 36 || c == 33 { return .nmea }  // $ !
            i -= 1
            break
        }
        if i >= input.end {
            // Only white space and comments so far: an NMEA log (gpsd's start with # lines) or nothing.
            if sawComment { return .nmea }
            throw InputError(file: path, message: "the file is empty")
        }
        throw InputError(
            file: path, place: input.place(at: i),
            message: "not a trace bgkit can read: neither GPX (XML) nor an NMEA 0183 log ($ sentences)")
    }
}
