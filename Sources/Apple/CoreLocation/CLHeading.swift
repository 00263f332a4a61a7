/// Which way the device points, as Apple's `CLHeading`: a value the app reads (`manager.heading`, or
/// `locationManager(_:didUpdateHeading:)`).
///
/// The emulated device has no compass yet: ``CLLocationManager/headingAvailable()`` is false and no heading is
/// delivered, so an app's heading code compiles and takes its no-heading path.
open class CLHeading: NSObject, @unchecked Sendable {  // @unchecked: every stored property is an immutable `let`
    /// Degrees from magnetic north (0 to 359.9).
    public let magneticHeading: CLLocationDirection
    /// Degrees from true north (0 to 359.9), negative when it cannot be known.
    public let trueHeading: CLLocationDirection
    /// How far the magnetic heading may be off, in degrees (negative: invalid).
    public let headingAccuracy: CLLocationDirection
    /// The geomagnetic field along the device's x axis, in microteslas.
    public let x: CLHeadingComponentValue
    /// The geomagnetic field along the device's y axis, in microteslas.
    public let y: CLHeadingComponentValue
    /// The geomagnetic field along the device's z axis, in microteslas.
    public let z: CLHeadingComponentValue
    /// When the heading was measured.
    public let timestamp: Date

    /// A heading as the device measures it (Apple's `CLHeading` has no public initializer: the system makes them).
    package init(
        magneticHeading: CLLocationDirection, trueHeading: CLLocationDirection, headingAccuracy: CLLocationDirection,
        x: CLHeadingComponentValue, y: CLHeadingComponentValue, z: CLHeadingComponentValue, timestamp: Date
    ) {
        self.magneticHeading = magneticHeading
        self.trueHeading = trueHeading
        self.headingAccuracy = headingAccuracy
        self.x = x
        self.y = y
        self.z = z
        self.timestamp = timestamp
    }

    open override var description: String {
        "magneticHeading \(magneticHeading) trueHeading \(trueHeading) accuracy \(headingAccuracy) x \(x) y \(y) z \(z) @ \(timestamp)"
    }
}
