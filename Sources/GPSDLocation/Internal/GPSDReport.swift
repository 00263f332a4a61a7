import BackgroundCore
import BackgroundLocation

/// What one line from gpsd turned out to be, once checked.
enum GPSDReport {
    /// A position fix, in range.
    case fix(LocationFix)
    /// Not a position (VERSION, SKY, DEVICES …) or no fix yet: skipped without a word.
    case other
    /// Not a JSON object: libgps unpacked what it could, which is not to be trusted.
    case malformed(byte: Int, excerpt: String)
    /// A TPV whose position cannot be on Earth.
    case implausible(String, excerpt: String)

    /// Longest excerpt of a bad line quoted in a message.
    static let excerptLength = 80

    /// The start of `line`, printable ASCII only (anything else as `?`), cut at ``excerptLength`` with "…".
    static func excerpt(of line: UnsafeBufferPointer<UInt8>) -> String {
        var text = String(decoding: line.prefix(excerptLength).map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        if line.count > excerptLength { text += "…" }
        return text
    }

    /// Why a position is impossible ("latitude 400 is outside -90…90"), or nil when it is a place on Earth.
    static func implausibility(latitude: Double, longitude: Double) -> String? {
        if !latitude.isFinite { return "latitude is not a number" }
        if !(-90...90).contains(latitude) { return "latitude \(latitude) is outside -90…90" }
        if !(-180...180).contains(longitude) { return "longitude \(longitude) is outside -180…180" }
        return nil
    }
}
