extension CLLocationManager {
    /// Whether the device can report headings: false, since the emulated device has no compass yet.
    public class func headingAvailable() -> Bool { false }

    /// The last heading reported: nil, since the emulated device reports none yet.
    public var heading: CLHeading? { nil }

    /// Asks for heading updates. The emulated device has no compass yet: it delivers no heading
    /// (``headingAvailable()`` says so), as iOS on a device without a magnetometer.
    public func startUpdatingHeading() {}

    /// Stops heading updates (none are delivered yet, see ``startUpdatingHeading()``).
    public func stopUpdatingHeading() {}
}
