import BackgroundTestKit
import Foundation

/// A small NMEA log with valid checksums, written to a temporary folder (removed when the test ends): one
/// RMC+GGA epoch per second, heading north, so that every fix has its own time and latitude.
struct NMEALog {
    struct Point: Hashable {
        var time: String  // RFC 3339, as gpsd reports it
        var latitude: Double
        var longitude: Double
    }

    let folder: TemporaryFolder
    let path: String
    let points: [Point]

    /// - Parameter epochs: how many seconds the log covers. gpsfake starts feeding when the first client
    ///   connects (the readiness probe) and gpsd repeats no fix when the log loops, so the default is long
    ///   enough (30 s at gpsfake's 0.05 s per sentence) that a client arriving late on a loaded machine still
    ///   sees the first pass; the tests stop after the fixes they need.
    ///   - ggaFirst: each epoch's GGA before its RMC, so that gpsd's first report of a session has no time
    ///     (it has not seen a date yet).
    init(epochs: Int = 300, ggaFirst: Bool = false) throws {
        folder = try TemporaryFolder(prefix: "gpsd-tests")
        var lines: [String] = []
        var points: [Point] = []
        for second in 0..<epochs {
            let minutes = 22.614 + Double(second) * 0.01  // 47°22.614'N, 0.01' (18.5 m) further each second
            let (minute, secondOfMinute) = (15 + second / 60, second % 60)
            let time = String(format: "09%02d%02d.00", minute, secondOfMinute)
            let latitude = String(format: "47%07.4f", minutes)
            let rmc = Self.sentence("GPRMC,\(time),A,\(latitude),N,00832.502,E,1.5,0.0,010326,,,A")
            let gga = Self.sentence("GPGGA,\(time),\(latitude),N,00832.502,E,1,08,0.9,410.0,M,47.0,M,,")
            lines += ggaFirst ? [gga, rmc] : [rmc, gga]
            points.append(Point(
                time: String(format: "2026-03-01T09:%02d:%02dZ", minute, secondOfMinute),
                latitude: 47 + minutes / 60, longitude: 8 + 32.502 / 60
            ))
        }
        self.points = points
        path = try folder.write("walk.nmea", lines.joined(separator: "\r\n") + "\r\n")
    }

    /// `$BODY*XX` with the XOR checksum of BODY.
    static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0), ^)
        return "$" + body + "*" + String(format: "%02X", checksum)
    }
}
