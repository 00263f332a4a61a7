public import BackgroundCore

/// One position report: from a trace, gpsd or a test, in WGS84 degrees.
///
/// Optional fields are nil when the source did not say (a GPX point without `ele`, an NMEA epoch without
/// GSA/GST). `time` is nil only for traces that carry no times.
public struct LocationFix: Hashable, Sendable {
    public var time: SimTime?
    public var latitude: Double
    public var longitude: Double
    /// Metres above mean sea level.
    public var altitude: Double?
    /// Metres per second over ground.
    public var speed: Double?
    /// Degrees clockwise from true north.
    public var course: Double?
    /// Horizontal accuracy in metres (an estimate of the 1-sigma error radius).
    public var horizontalAccuracy: Double?
    /// Horizontal dilution of precision, where the source reports it.
    public var hdop: Double?
    /// Satellites used, where the source reports it.
    public var satellites: Int?

    public init(
        time: SimTime?, latitude: Double, longitude: Double, altitude: Double? = nil, speed: Double? = nil,
        course: Double? = nil, horizontalAccuracy: Double? = nil, hdop: Double? = nil, satellites: Int? = nil
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.speed = speed
        self.course = course
        self.horizontalAccuracy = horizontalAccuracy
        self.hdop = hdop
        self.satellites = satellites
    }
}
