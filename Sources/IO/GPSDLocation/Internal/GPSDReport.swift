import BackgroundCore
import BackgroundLocation
import JSON

/// What one line from gpsd turned out to be, once read.
enum GPSDReport {
    /// A position fix, in range.
    case fix(LocationFix)
    /// Not a position (VERSION, SKY, DEVICES …) or no fix yet: skipped without a word.
    case other
    /// Not a JSON object: nothing in it is to be trusted.
    case malformed(byte: Int, excerpt: String)
    /// A TPV whose position cannot be on Earth.
    case implausible(String, excerpt: String)

    /// Longest excerpt of a bad line quoted in a message.
    static let excerptLength = 80

    /// Reads `line`, one report without its newline (gpsd_json(5)), with the project's strict JSON reader,
    /// as libgps's `libgps_json_unpack` would unpack it: a `TPV` in mode 2D or 3D with a longitude is a fix
    /// (when its position is on Earth), carrying the dilution and satellites of the last `SKY`, which `sky`
    /// keeps; absent fields, and fields that are not numbers, are unknown (libgps's NaN); other reports
    /// are skipped.
    static func decode(_ line: [UInt8], sky: inout GPSDSky) -> GPSDReport {
        let report: JSONValue
        do {
            report = try JSONValue(parsing: line, file: "gpsd")
        } catch {
            return .malformed(byte: error.byteOffset, excerpt: excerpt(of: line))
        }
        guard case .object = report else {
            return .malformed(byte: line.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? 0, excerpt: excerpt(of: line))
        }
        switch report["class"] {
        case .string("SKY"):
            sky = GPSDSky(report)
            return .other
        case .string("TPV"):
            // libgps: a position when the longitude is a number, a fix in mode 2D or 3D.
            guard report.number("lon").isFinite, report.number("mode") >= 2 else { return .other }
            if let problem = implausibility(latitude: report.number("lat"), longitude: report.number("lon")) {
                return .implausible(problem, excerpt: excerpt(of: line))
            }
            return .fix(LocationFix(tpv: report, sky: sky))
        default:
            return .other
        }
    }

    /// The start of `line`, printable ASCII only (anything else as `?`), cut at ``excerptLength`` with "…".
    static func excerpt(of line: [UInt8]) -> String {
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

extension JSONValue {
    /// The number at `key` of this object, or NaN when it has none (gpsd's and libgps's "unknown").
    func number(_ key: String) -> Double {
        if case .number(let value)? = self[key] { value } else { .nan }
    }
}

extension InputError {
    /// The byte offset of the place, 0 when it has none.
    fileprivate var byteOffset: Int {
        switch place {
        case .text(_, _, let byte), .byte(let byte): byte
        default: 0
        }
    }
}
