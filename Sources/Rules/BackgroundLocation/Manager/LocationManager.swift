public import BackgroundCore

/// CLLocationManager's behaviour on an ``EventEngine``: continuous updates, significant-change monitoring
/// and region monitoring, fed by a ``LocationSource`` and recorded into a ``Timeline``.
///
/// The three services are independent, as on iOS: continuous updates run between
/// ``startUpdatingLocation()`` and ``stopUpdatingLocation()`` and obey ``distanceFilter``,
/// ``desiredAccuracy``, automatic pausing and the background switch; significant changes run between
/// ``startMonitoringSignificantLocationChanges()`` and its stop; monitored regions are checked on every
/// fix. Each event goes to the timeline (the event stream of CONTRACTS.md §1), then to every ``events()``
/// sequence and the ``delegate`` (through an `EventBroadcaster`, as the audio player's events). Thresholds
/// iOS leaves open are in ``LocationManagerConfiguration``.
///
/// ```swift
/// let engine = EventEngine(start: trace.first!.time!)
/// let timeline = Timeline(engine: engine)
/// let manager = LocationManager(engine: engine, timeline: timeline)
/// manager.startUpdatingLocation()
/// manager.startMonitoring(for: CircularRegion(identifier: "museum", latitude: 47.3769, longitude: 8.5417, radius: 200))
/// try await manager.run(.replay(trace))
/// ```
/// In tests, `LocationScenario` (BackgroundTestKit) does the same in a few lines and returns the events.
///
/// - Warning: Not thread-safe: use it on the engine's owner only, like the engine itself.
public final class LocationManager {
    // The properties read on every fix skip Swift's dynamic exclusivity checks (a runtime call and a
    // thread-local lookup per access, a fifth of a replay's instructions): like the engine, the manager
    // has a single owner and never holds an access to them across a call out.
    public let engine: EventEngine
    public let timeline: Timeline
    public let configuration: LocationManagerConfiguration
    /// Receives every event, as `CLLocationManager.delegate` (held weakly).
    public var delegate: (any LocationManagerDelegate)? {
        get { broadcaster.delegate as? any LocationManagerDelegate }
        set {
            broadcaster.setDelegate(newValue) { [weak newValue, unowned self] event in
                if let newValue { event.send(to: newValue, from: self) }
            }
        }
    }

    /// Metres the device must move from the last delivered fix before the next is delivered; nil
    /// delivers every fix (`kCLDistanceFilterNone`, the default).
    @exclusivity(unchecked) public var distanceFilter: Double?
    /// The horizontal accuracy wanted, in metres; nil accepts every fix (the default). A less accurate
    /// fix is held back for ``LocationManagerConfiguration/accuracyWait``: a fix meeting the accuracy in
    /// that time replaces it, otherwise the most accurate fix held is delivered when the wait ends. Fixes
    /// that do not state an accuracy count as meeting it.
    @exclusivity(unchecked) public var desiredAccuracy: Double?
    /// Whether continuous updates pause while the device is stationary (default true, as on iOS).
    @exclusivity(unchecked) public var pausesLocationUpdatesAutomatically = true
    /// Whether continuous updates are delivered while the app is in the background (default false).
    @exclusivity(unchecked) public var allowsBackgroundLocationUpdates = false
    /// The app's state, driven by the emulated app's lifecycle: continuous updates are delivered in the
    /// foreground, and in the background only with ``allowsBackgroundLocationUpdates``; significant
    /// changes and region events are always delivered (on iOS they wake or relaunch the app).
    ///
    /// Continuous updates that come while the app is suspended are held (the most recent
    /// ``LocationManagerConfiguration/heldFixLimit``) and delivered, at that time, as soon as the app
    /// can receive them again.
    @exclusivity(unchecked) public var applicationState = LifecycleState.foreground {
        didSet {
            deliverHeldFixes()
            lifecycleChanged(from: oldValue)
        }
    }
    /// What the user allowed (`authorizationStatus`); default ``LocationAuthorization/always``. What each
    /// allows in each app state is in docs/LOCATION.md ("Authorization and accuracy"); what is withheld is
    /// said in the timeline (an `error` event whose code is a ``LocationWithheld``).
    @exclusivity(unchecked) public var authorization = LocationAuthorization.always {
        didSet { accessChanged() }
    }
    /// Precise or approximate location (`accuracyAuthorization`); default ``LocationAccuracyAuthorization/full``.
    @exclusivity(unchecked) public var accuracyAuthorization = LocationAccuracyAuthorization.full {
        didSet { accessChanged() }
    }
    /// Whether the app requires explicit ``ServiceSession``s (Info.plist `NSLocationRequireExplicitServiceSession`):
    /// live updates and monitor events then reach it only while it holds one. Default false.
    @exclusivity(unchecked) public var requiresExplicitServiceSession = false {
        didSet { accessChanged() }
    }
    /// The sessions the app holds.
    var sessions = LocationSessions()
    /// For each ``LocationService``, the reason last said in the timeline for withholding it.
    @exclusivity(unchecked) var withheldReported: [LocationWithheld?] = Array(repeating: nil, count: LocationService.allCases.count)
    /// When the latest approximate fix was let through (reduced accuracy).
    @exclusivity(unchecked) private var lastApproximate: SimTime?

    @exclusivity(unchecked) public private(set) var isUpdatingLocation = false
    @exclusivity(unchecked) public private(set) var isMonitoringSignificantLocationChanges = false
    /// Whether continuous updates are paused automatically right now.
    public var isPaused: Bool { pauseWatch.isStationary }
    /// The most recent fix received from the source (`CLLocationManager.location`).
    @exclusivity(unchecked) public private(set) var location: LocationFix?

    /// The monitored regions on the rules' clock.
    private lazy var regionWatch = RegionWatch(configuration: configuration, clock: clock) { [unowned self] change in
        switch change {
        case .state(let region, let state): emit(.determinedState(state, region: region))
        case .enter(let region, let fix): emit(.entered(region, fix: fix))
        case .exit(let region, let fix): emit(.exited(region, fix: fix))
        }
    }
    private var regionMonitor: RegionMonitor { regionWatch.monitor }
    /// The rules' time: each fix's own (see `RuleClock`), and the timers that run on it.
    let clock: RuleClock
    /// What else follows the fixes: the ``LocationMonitor`` services and live updates.
    @exclusivity(unchecked) var observers: [any FixObserver] = []
    /// Each ``LocationMonitor`` name's conditions and events, open or not.
    var monitorServices: [String: MonitorService] = [:]
    /// Told of every monitor event (``addMonitorEventListener(_:)``).
    var monitorEventListeners: [(String, LocationMonitor.Event) -> Void] = []
    /// What the store held for monitors not yet restored.
    var storedMonitors: [String: StoredMonitor] = [:]
    /// Whether the monitor store failed (``LocationMonitor/Event/persistenceUnavailable``).
    var monitorPersistenceFailed = false
    /// Where ``LocationMonitor``s' conditions, last events and waiting events are kept across relaunches;
    /// nil (the default) keeps them for this manager's life. Setting it reads the store and watches every
    /// monitor it holds at once, opened or not.
    public var monitorStore: (any MonitorStore)? {
        didSet { restoreMonitors() }
    }
    /// Automatic pausing: where the device settled, and whether it stayed there.
    private lazy var pauseWatch = StationaryWatch(
        clock: clock, radius: configuration.pauseRadius, after: configuration.pauseAfter,
        isActive: { [unowned self] in isUpdatingLocation && pausesLocationUpdatesAutomatically }
    ) { [unowned self] stationary in
        if stationary { heldFix = nil }
        emit(stationary ? .paused : .resumed)
    }
    /// The ``events()`` sequences and the delegate.
    private let broadcaster = EventBroadcaster<LocationManagerEvent>()

    // Continuous updates.
    @exclusivity(unchecked) private var lastDelivered: LocationFix?
    @exclusivity(unchecked) private var heldFix: LocationFix?
    @exclusivity(unchecked) private var accuracyTimer: Int?
    /// Fixes that passed the filters while the app was suspended, oldest first.
    @exclusivity(unchecked) private var heldWhileSuspended: [LocationFix] = []
    // Significant changes.
    @exclusivity(unchecked) private var lastSignificant: (fix: LocationFix, time: SimTime)?

    public init(engine: EventEngine, timeline: Timeline, configuration: LocationManagerConfiguration = .init()) {
        self.engine = engine
        self.timeline = timeline
        self.configuration = configuration
        self.clock = RuleClock(engine: engine)
    }

    // MARK: Services

    /// Starts continuous updates (`startUpdatingLocation()`).
    public func startUpdatingLocation() {
        isUpdatingLocation = true
    }

    /// Stops continuous updates; a fix held for accuracy is dropped and a pause ends silently.
    public func stopUpdatingLocation() {
        isUpdatingLocation = false
        lastDelivered = nil
        heldFix = nil
        heldWhileSuspended.removeAll()
        pauseWatch.reset()
        accuracyTimer.map(clock.cancel)
        accuracyTimer = nil
    }

    /// Starts significant-change monitoring: the next fix is reported, then one each time the device is
    /// ``LocationManagerConfiguration/significantChangeDistance`` from the last one reported and at least
    /// ``LocationManagerConfiguration/significantChangeInterval`` after it.
    public func startMonitoringSignificantLocationChanges() {
        isMonitoringSignificantLocationChanges = true
        lastSignificant = nil
    }

    public func stopMonitoringSignificantLocationChanges() {
        isMonitoringSignificantLocationChanges = false
    }

    /// The regions being monitored (`monitoredRegions`).
    public var monitoredRegions: Set<CircularRegion> { Set(regionMonitor.regions) }

    /// The largest radius a region may have (`maximumRegionMonitoringDistance`), in metres.
    public var maximumRegionMonitoringDistance: Double { configuration.maximumRegionMonitoringDistance }

    /// Starts monitoring a region (`startMonitoring(for:)`), replacing a monitored region with the same
    /// identifier. The next fix determines its state (a `state` event) without an entry or exit event;
    /// later crossings are reported with hysteresis and a dwell time.
    ///
    /// A region past ``LocationManagerConfiguration/regionLimit``, with a radius of 0 or less or above
    /// ``maximumRegionMonitoringDistance``, or with a centre off the globe is not monitored:
    /// `monitoringDidFailFor` is reported instead (an `error` event with code `regionMonitoringFailure`).
    public func startMonitoring(for region: CircularRegion) {
        if let problem = regionMonitor.problem(with: region) {
            emit(.monitoringFailed(region, LocationManagerError(code: .regionMonitoringFailure, message: problem)))
            return
        }
        regionMonitor.add(region)
        emit(.startedMonitoring(region))
    }

    /// Stops monitoring a region (`stopMonitoring(for:)`); matched by identifier.
    public func stopMonitoring(for region: CircularRegion) {
        regionMonitor.remove(identifier: region.identifier)
    }

    /// Asks for a region's state (`requestState(for:)`): reported as a `state` event now when known, or
    /// with the next fix when monitoring just started. A region not monitored fails as
    /// `monitoringDidFailFor`.
    public func requestState(for region: CircularRegion) {
        switch regionMonitor.state(of: region.identifier) {
        case nil:
            let message = "region '\(region.identifier)' is not monitored; call startMonitoring(for:) first"
            emit(.monitoringFailed(region, LocationManagerError(code: .regionMonitoringFailure, message: message)))
        case .unknown?:
            break  // the next fix determines it and reports it
        case let state?:
            engine.schedule(at: engine.now) { [weak self] in self?.emit(.determinedState(state, region: region)) }
        }
    }

    // MARK: Input

    /// Runs a source to its end, handing every event to ``receive(_:)``, then finishes ``events()``.
    public func run(_ source: some LocationSource) async throws {
        defer { finishEvents() }
        try await source.run(on: engine) { event in self.receive(event) }
    }

    /// Handles one event from a source; a fix's rules measure time by the fix's own time (docs/LOCATION.md).
    public func receive(_ event: LocationSourceEvent) {
        switch event {
        case .fix(let fix):
            receive(fix)
        case .problem(let message, let code):
            emit(.failed(LocationManagerError(code: .sourceProblem, message: message), code: code))
        }
    }

    private func receive(_ exact: LocationFix) {
        clock.advance(to: exact)
        let now = clock.now
        var fix = exact
        if accuracyAuthorization == .reduced {
            if let last = lastApproximate, now - last < configuration.reducedAccuracyInterval { return }
            lastApproximate = now
            fix = ApproximateLocation.coarsen(exact, cell: configuration.reducedAccuracyCell)
        }
        location = fix
        let point = Geodesy.unitVector(latitude: fix.latitude, longitude: fix.longitude)
        if isUpdatingLocation, allows(.continuous) { updateContinuous(with: fix, at: point, time: now) }
        if isMonitoringSignificantLocationChanges, allows(.significant) { updateSignificant(with: fix, at: now) }
        if regionWatch.monitor.count > 0, allows(.regions) { regionWatch.evaluate(fix, at: point, time: now) }
        for observer in observers { observer.receive(fix, at: point, time: now) }
    }

    // MARK: Output

    /// A new sequence of every event from now on; it finishes when ``run(_:)`` returns or
    /// ``finishEvents()`` is called. Events are buffered until read.
    public func events() -> AsyncStream<LocationManagerEvent> {
        let (stream, continuation) = AsyncStream<LocationManagerEvent>.makeStream()
        broadcaster.addStream(yield: { continuation.yield($0) }, finish: { continuation.finish() })
        return stream
    }

    /// Adds `listener`, called with every event, in the order listeners were added, after the sequences and before
    /// the ``delegate``: how the emulator listens beside the app's delegate without taking its slot.
    public func addEventListener(_ listener: @escaping (LocationManagerEvent) -> Void) {
        broadcaster.addEventListener(listener)
    }

    /// Finishes every sequence returned by ``events()``.
    public func finishEvents() {
        broadcaster.finish()
        for observer in observers { observer.finish() }
    }

    private func emit(_ event: LocationManagerEvent) {
        event.record(on: timeline)
        broadcaster.broadcast(event)
    }

    // MARK: Continuous updates

    private func updateContinuous(with fix: LocationFix, at point: UnitVector, time now: SimTime) {
        if pausesLocationUpdatesAutomatically, !pauseWatch.track(point, at: now) { return }
        guard let desiredAccuracy, let accuracy = fix.horizontalAccuracy, accuracy > desiredAccuracy else {
            heldFix = nil
            accuracyTimer.map(clock.cancel)
            accuracyTimer = nil
            deliver(fix)
            return
        }
        if let held = heldFix, let heldAccuracy = held.horizontalAccuracy, heldAccuracy < accuracy { return }
        heldFix = fix
        if accuracyTimer == nil {
            accuracyTimer = clock.schedule(at: now + configuration.accuracyWait) { [weak self] in
                guard let self else { return }
                accuracyTimer = nil
                if let held = heldFix {
                    heldFix = nil
                    deliver(held)
                }
            }
        }
    }

    private func deliver(_ fix: LocationFix) {
        if applicationState == .suspended {
            guard configuration.heldFixLimit > 0 else { return }
            if heldWhileSuspended.count >= configuration.heldFixLimit { heldWhileSuspended.removeFirst() }
            heldWhileSuspended.append(fix)
            return
        }
        if let distanceFilter, let last = lastDelivered,
            Geodesy.distance(
                fromLatitude: last.latitude, longitude: last.longitude, toLatitude: fix.latitude, longitude: fix.longitude
            ) < distanceFilter
        {
            return
        }
        guard receivesContinuousUpdates else { return }
        lastDelivered = fix
        emit(.location(fix))
    }

    /// Whether the app may be handed continuous updates now: in the foreground, or in the background when allowed.
    var receivesContinuousUpdates: Bool {
        applicationState == .foreground
            || (applicationState == .background && (allowsBackgroundLocationUpdates || holdsBackgroundActivity))
    }

    /// Delivers the fixes held while suspended, once the app may receive continuous updates again.
    private func deliverHeldFixes() {
        guard !heldWhileSuspended.isEmpty, receivesContinuousUpdates else { return }
        let held = heldWhileSuspended
        heldWhileSuspended.removeAll()
        for fix in held { deliver(fix) }
    }

    // MARK: Significant changes

    private func updateSignificant(with fix: LocationFix, at now: SimTime) {
        if let last = lastSignificant {
            guard now - last.time >= configuration.significantChangeInterval,
                Geodesy.distance(
                    fromLatitude: last.fix.latitude, longitude: last.fix.longitude,
                    toLatitude: fix.latitude, longitude: fix.longitude
                ) >= configuration.significantChangeDistance
            else { return }
        }
        lastSignificant = (fix, now)
        emit(.significantChange(fix))
    }
}
