import BackgroundCore
import BackgroundLocation
import Glibc
import JSON

extension LocationFix {
    /// A fix from gpsd's `TPV` report `tpv`, whose latitude and longitude are numbers, with the dilution and
    /// satellites of the last `SKY`.
    ///
    /// gpsd leaves out (or, through libgps, marks as NaN) what it does not know; each becomes nil. The time is
    /// gpsd's fix time (nil when it has none yet), the altitude is above mean sea level (`altMSL`), and the
    /// horizontal accuracy is `eph`, or, when gpsd gives only the per-axis errors, `hypot(epx, epy)`.
    init(tpv: JSONValue, sky: GPSDSky) {
        let time: SimTime? = if case .string(let text)? = tpv["time"] { SimTime(rfc3339: text) } else { nil }
        let eph = tpv.number("eph")
        self.init(
            time: time, latitude: tpv.number("lat"), longitude: tpv.number("lon"),
            altitude: finite(tpv.number("altMSL")), speed: finite(tpv.number("speed")),
            course: finite(tpv.number("track")),
            horizontalAccuracy: eph.isFinite ? eph : finite(hypot(tpv.number("epx"), tpv.number("epy"))),
            hdop: sky.hdop.isFinite && sky.hdop > 0 ? sky.hdop : nil,
            satellites: sky.satellitesUsed > 0 ? sky.satellitesUsed : nil
        )
    }
}

private func finite(_ value: Double) -> Double? {
    value.isFinite ? value : nil
}
