/// The app's access to the location services, as Apple's `CLLocationManager`: continuous updates,
/// significant changes and region monitoring, reported to its ``delegate``.
///
/// ```swift
/// let manager = CLLocationManager()
/// manager.delegate = self
/// manager.startMonitoring(for: CLCircularRegion(center: museum, radius: 200, identifier: "museum"))
/// ```
/// On the emulated device every manager the app makes shares the device's location services (regions
/// outlive the app's process, as on iOS); the trace the test replays (`EmulatedDevice.replay(gpx:)`) moves it.
open class CLLocationManager: NSObject, @unchecked Sendable {
    /// Where the manager's events go.
    open weak var delegate: (any CLLocationManagerDelegate)?
    /// The least movement, in metres, that a new continuous update needs (``kCLDistanceFilterNone``: any).
    open var distanceFilter = kCLDistanceFilterNone {
        didSet { EmulatedLocation.configure(self) }
    }
    /// The accuracy the app wants.
    open var desiredAccuracy = kCLLocationAccuracyBest {
        didSet { EmulatedLocation.configure(self) }
    }
    /// Whether continuous updates go on in the background (needs the `location` background mode).
    open var allowsBackgroundLocationUpdates = false {
        didSet { EmulatedLocation.configure(self) }
    }
    /// Whether the system pauses continuous updates when the device stays put (default true).
    open var pausesLocationUpdatesAutomatically = true {
        didSet { EmulatedLocation.configure(self) }
    }
    /// Whether the status bar shows that the app uses location in the background.
    open var showsBackgroundLocationIndicator = false
    /// The least change of heading, in degrees, that a new heading needs (``kCLHeadingFilterNone``: any); kept
    /// for the app, since the emulated device reports no headings yet (``startUpdatingHeading()``).
    open var headingFilter: CLLocationDegrees = kCLHeadingFilterNone
    /// Which way up the app takes the device to be, for headings (default `.portrait`); kept, as ``headingFilter``.
    open var headingOrientation: CLDeviceOrientation = .portrait
    /// Whether this manager asked for continuous updates.
    var updatesLocation = false
    /// Whether this manager asked for significant changes.
    var monitorsSignificantChanges = false

    public override init() {
        super.init()
        EmulatedLocation.adopt(self)
    }

    /// What the user allowed the app.
    open var authorizationStatus: CLAuthorizationStatus { EmulatedLocation.authorizationStatus }
    /// Whether the app gets precise locations.
    open var accuracyAuthorization: CLAccuracyAuthorization { EmulatedLocation.accuracyAuthorization }
    /// The last location reported.
    open var location: CLLocation? { EmulatedLocation.lastLocation }
    /// The regions the app monitors (shared by every manager).
    open var monitoredRegions: Set<CLRegion> { EmulatedLocation.monitoredRegions }
    /// The largest radius a region may have, in metres.
    open var maximumRegionMonitoringDistance: CLLocationDistance { EmulatedLocation.maximumRegionMonitoringDistance }

    /// Asks for When In Use authorization: the manifest's `location.authorization` answers.
    open func requestWhenInUseAuthorization() {
        EmulatedLocation.authorizationRequested(by: self)
    }

    /// Asks for Always authorization: the manifest's `location.authorization` answers.
    open func requestAlwaysAuthorization() {
        EmulatedLocation.authorizationRequested(by: self)
    }

    open func startUpdatingLocation() {
        updatesLocation = true
        EmulatedLocation.configure(self)
    }

    open func stopUpdatingLocation() {
        updatesLocation = false
        EmulatedLocation.configure(self)
    }

    open func startMonitoringSignificantLocationChanges() {
        monitorsSignificantChanges = true
        EmulatedLocation.configure(self)
    }

    open func stopMonitoringSignificantLocationChanges() {
        monitorsSignificantChanges = false
        EmulatedLocation.configure(self)
    }

    /// Starts monitoring `region` (a ``CLCircularRegion``), replacing one with the same identifier.
    open func startMonitoring(for region: CLRegion) {
        EmulatedLocation.startMonitoring(region, by: self)
    }

    open func stopMonitoring(for region: CLRegion) {
        EmulatedLocation.stopMonitoring(region)
    }

    /// Asks for `region`'s state: the delegate's `didDetermineState` answers.
    open func requestState(for region: CLRegion) {
        EmulatedLocation.requestState(for: region)
    }

    open class func locationServicesEnabled() -> Bool { true }
    open class func significantLocationChangeMonitoringAvailable() -> Bool { true }
    open class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool { regionClass is CLCircularRegion.Type }
}
