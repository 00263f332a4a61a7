import BackgroundCore
import BackgroundLocation
import CGPS
import Glibc

extension LocationFix {
    /// A fix from gpsd's fix record: nil when it has no position (mode below 2D, or NaN latitude or longitude).
    ///
    /// gpsd marks absent values as NaN; each becomes nil. The time is gpsd's fix time (nil when it has
    /// none yet), the altitude is above mean sea level, and the horizontal accuracy is `eph`, or, when
    /// gpsd gives only the per-axis errors, `hypot(epx, epy)`.
    init?(_ fix: gps_fix_t, satellitesUsed: CInt, hdop: Double) {
        guard fix.mode >= MODE_2D, fix.latitude.isFinite, fix.longitude.isFinite else { return nil }
        let time = fix.time.tv_sec == 0 && fix.time.tv_nsec == 0
            ? nil
            : SimTime(nanosecondsSinceEpoch: Int64(fix.time.tv_sec) * 1_000_000_000 + Int64(fix.time.tv_nsec))
        let accuracy = fix.eph.isFinite ? fix.eph : finite(hypot(fix.epx, fix.epy))
        self.init(
            time: time, latitude: fix.latitude, longitude: fix.longitude,
            altitude: finite(fix.altMSL), speed: finite(fix.speed),
            course: finite(fix.track), horizontalAccuracy: accuracy, hdop: hdop.isFinite && hdop > 0 ? hdop : nil,
            satellites: satellitesUsed > 0 ? Int(satellitesUsed) : nil
        )
    }
}

private func finite(_ value: Double) -> Double? {
    value.isFinite ? value : nil
}
