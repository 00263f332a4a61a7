/// The emulator's thresholds: what iOS documents (the 20-region limit, significant change every 500 m and
/// at most every 5 minutes) and what it leaves open (hysteresis, dwell, when to pause), each with a
/// default chosen in docs/LOCATION.md.
///
/// ```swift
/// var configuration = LocationManagerConfiguration()
/// configuration.regionLimit = 100_000          // a stress test, far past iOS's 20
/// configuration.minimumDwell = .zero           // report a crossing on the first fix past the margin
/// let manager = LocationManager(engine: engine, timeline: timeline, configuration: configuration)
/// ```
public struct LocationManagerConfiguration: Hashable, Sendable {
    // MARK: Region monitoring

    /// How many regions one app may monitor; iOS allows 20 ("An app can register up to 20 regions at a
    /// time", `startMonitoring(for:)`). Past it, monitoring fails with `regionMonitoringFailure`.
    public var regionLimit = 20
    /// The largest radius a region may have, in metres (`maximumRegionMonitoringDistance`). iOS reports a
    /// device-dependent value; the emulator uses 100 km. Larger radii fail with `regionMonitoringFailure`.
    public var maximumRegionMonitoringDistance = 100_000.0
    /// Metres beyond the radius a fix must be for an exit: exit only when distance > radius + this.
    public var exitHysteresis = 20.0
    /// Metres within the radius a fix must be for an entry: entry only when distance ≤ radius − this
    /// (at most half the radius, so that small regions can still be entered).
    public var entryHysteresis = 10.0
    /// How long fixes must stay past the margin before a crossing is reported; iOS waits "at least 20
    /// seconds" ("Monitoring the user's proximity to geographic regions"). A fix back inside the margin
    /// starts the wait again.
    public var minimumDwell = Duration.seconds(20)

    // MARK: LocationMonitor

    /// How many circular geographic conditions one app may watch, over all its ``LocationMonitor``s.
    /// Apple documents no number for `CLMonitor`; the emulator keeps CLLocationManager's 20 regions, which
    /// is what iOS 18 reports as `conditionLimitExceeded` past its per-type limit. Past it, a condition is
    /// recorded as unmonitored with that diagnostic.
    public var conditionLimit = 20
    /// How many events wait for a ``LocationMonitor`` to be opened (the oldest are dropped past it); Apple
    /// does not say how many it keeps.
    public var pendingMonitorEventLimit = 100

    // MARK: Authorization

    /// Reduced accuracy's grid, in metres: an approximate fix is the centre of its cell, with this
    /// horizontal accuracy. Apple describes approximate location as an area of several kilometres
    /// (`kCLLocationAccuracyReduced`; WWDC20 "What's new in location"); the emulator uses 5 km.
    public var reducedAccuracyCell = 5_000.0
    /// The least time between approximate fixes: "around 4 times an hour" (WWDC20 "What's new in location").
    public var reducedAccuracyInterval = Duration.seconds(900)
    /// How long after a relaunch the sessions held before it still count, for the app to create them again
    /// ("within a few seconds", as Apple's engineers put it; the emulator's choice: 5 s).
    public var sessionRelaunchGrace = Duration.seconds(5)

    // MARK: Significant-change monitoring

    /// Metres from the last reported significant change before the next one (Apple: about 500 m).
    public var significantChangeDistance = 500.0
    /// The least time between significant changes (Apple: no more often than every 5 minutes).
    public var significantChangeInterval = Duration.seconds(300)

    // MARK: Continuous updates

    /// How long a fix less accurate than `desiredAccuracy` is held back waiting for a better one; when the
    /// wait ends without one, the most accurate fix held is delivered.
    public var accuracyWait = Duration.seconds(10)
    /// Movement within this many metres of where the device settled counts as stationary.
    public var pauseRadius = 50.0
    /// How long the device must be stationary before automatic pausing (`pausesLocationUpdatesAutomatically`).
    public var pauseAfter = Duration.seconds(600)
    /// How many continuous updates are held while the app is suspended, to be delivered when it can
    /// receive them again (the most recent are kept; 0 drops them, as a suspended iOS app never sees them).
    public var heldFixLimit = 100

    public init() {}
}
