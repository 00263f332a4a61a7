import JSON

/// What gpsd's last `SKY` report on a connection said that the fixes after it carry: the horizontal
/// dilution of precision and how many satellites were used, as libgps keeps them (`dop.hdop`,
/// `satellites_used`): each `SKY` replaces both, and a connection starts with neither.
struct GPSDSky {
    /// `hdop`; 0 until a `SKY` comes, NaN when the last one had none.
    var hdop: Double = 0
    /// The satellites of the `satellites` list marked `"used":true` (libgps counts them, rather than read `uSat`).
    var satellitesUsed = 0

    init() {}

    /// The dilution and satellites of the `SKY` report `sky`.
    init(_ sky: JSONValue) {
        hdop = sky.number("hdop")
        if case .array(let satellites)? = sky["satellites"] {
            satellitesUsed = satellites.count { $0["used"] == .bool(true) }
        }
    }
}
