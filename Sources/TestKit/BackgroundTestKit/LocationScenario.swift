public import BackgroundApp
import BackgroundAudio
public import BackgroundCore
public import BackgroundLocation

/// A location test in a few lines: fixes (built here or read from a trace), regions and manager settings,
/// run on virtual time, returning the timeline.
///
/// ```swift
/// @Test func entersTheMuseum() async throws {
///     let museum = CircularRegion(identifier: "museum", latitude: 47.3769, longitude: 8.5517, radius: 200)
///     var scenario = LocationScenario(fixes: LocationScenario.walk(from: (47.3769, 8.5417), bearing: 90, duration: .seconds(900)))
///     scenario.regions = [museum]
///     let events = try await scenario.run()
///     #expect(events.map(\.kind.name) == ["state", "enter", "exit"])
/// }
/// ```
/// On a bundled trace:
/// ```swift
/// let walk = "\(TestSupport.packageRoot)/Traces/walk-through-region.gpx"
/// let events = try await LocationScenario(trace: walk, regions: walk + ".regions.geojson").run()
/// ```
/// Inside an emulated app (as `bgloc replay --app`), with a handler under test — about ten lines
/// (docs/DEVICE.md):
/// ```swift
/// @Test func everyStopPlaysItsClipAndQueuesTheUpload() async throws {
///     let tour = TestSupport.packageRoot + "/Examples/AudioTour"
///     var scenario = try LocationScenario(trace: tour + "/tour.gpx")
///     scenario.app = try AppManifest(contentsOf: tour + "/app.yaml")
///     var visits: [String] = []
///     scenario.onEnter = { region, _ in visits.append(region) }
///     let events = try await scenario.run()
///     #expect(visits == ["lindenhof", "stpeter", "fraumuenster"])
///     #expect(events.filter { $0.kind.name == "audio.started" }.count == 3)
///     #expect(scenario.audioOutput.framesWritten == 3 * 6_000)
/// }
/// ```
/// The same test with `CLMonitor`'s vocabulary (``LocationMonitor``):
/// ```swift
/// var scenario = LocationScenario(fixes: LocationScenario.walk(from: (47.3769, 8.5417), bearing: 90, duration: .seconds(900)))
/// scenario.conditions = [("museum", .init(center: (47.3769, 8.5517), radius: 200))]
/// let events = try await scenario.run()
/// #expect(events.map(\.kind) == [.monitor("scenario", identifier: "museum", state: .unsatisfied), …])
/// ```
/// The engine starts at the first fix's time (or `SimTime.defaultStart`); the run ends at the last fix,
/// or with an app when it has nothing left to do (at most ``linger`` later).
public struct LocationScenario {
    public var fixes: [LocationFix]
    public var regions: [CircularRegion] = []
    public var configuration = LocationManagerConfiguration()
    /// Run continuous updates (`location`, `pause`, `resume` events); default false.
    public var updatesLocation = false
    /// Run significant-change monitoring (`significant` events); default false.
    public var monitorsSignificantChanges = false
    /// Circular geographic conditions for a ``LocationMonitor`` named ``monitorName`` (`CLMonitor`), added
    /// in this order; their events are `monitor` events in the returned timeline.
    public var conditions: [(identifier: String, condition: LocationMonitor.CircularGeographicCondition)] = []
    /// The name of the monitor that watches ``conditions``.
    public var monitorName = "scenario"
    /// Where monitors keep their conditions (``MemoryMonitorStore`` to test a relaunch); nil keeps them for the run.
    public var monitorStore: (any MonitorStore)?
    /// Anything else to set on the manager before the run (filters, the app state, a delegate).
    public var prepare: (LocationManager) -> Void = { _ in }
    /// A handler under test, called on every region entry with the region and the event's time.
    public var onEnter: (_ region: String, _ time: SimTime) -> Void = { _, _ in }
    /// A handler under test, called on every region exit with the region and the event's time.
    public var onExit: (_ region: String, _ time: SimTime) -> Void = { _, _ in }
    /// Runs the fixes inside this emulated app — its regions and actions, tasks, audio and lifecycle —
    /// as `bgloc replay --app` does; continuous updates run as with ``updatesLocation``. The app becomes
    /// the manager's delegate: test handlers go in ``onEnter`` and ``onExit``.
    public var app: AppManifest?
    /// The app's lifecycle, scheduler and command settings.
    public var appConfiguration: EmulatedApp.Configuration {
        get { appConfigurationBox.value }
        set { appConfigurationBox = ConfigurationBox(newValue) }
    }
    // Held in a box of its own, a new one at each change (so copies of a scenario stay independent): with the
    // configuration inline, Swift 6.3's debug build copied a LocationScenario wrongly once the scheduler's
    // configuration grew the discretion's settings (a bad pointer in "outlined init with copy of
    // LocationScenario": FixTimeRulesTests, LocationManagerTests, every run), as the optional Duration of
    // `Conditions.machine` once did (EmulatedApp+Configuration.swift).
    private var appConfigurationBox = ConfigurationBox(EmulatedApp.Configuration())
    /// How long an app may run on after the last fix while it has something to do (default 10 minutes,
    /// as `bgloc replay --linger`).
    public var linger = Duration.seconds(600)
    /// Where the app's clips play (decoded by ``WAVDecoder``); read it after the run.
    public let audioOutput = RecordingAudioOutput()

    public init(fixes: [LocationFix]) {
        self.fixes = fixes
    }

    /// A scenario on the track points of a GPX or NMEA trace, with the regions of a GeoJSON file (such as
    /// the `TRACE.regions.geojson` beside each bundled trace) when one is given.
    public init(trace: String, regions regionsFile: String? = nil) throws(InputError) {
        self.fixes = try TraceReader.fixes(path: trace)
        if let regionsFile { self.regions = try GeoJSONRegions.load(path: regionsFile) }
    }

    /// Runs the scenario on virtual time and returns every event recorded.
    public func run() async throws -> [TimelineEvent] {
        let engine = EventEngine(start: fixes.first?.time ?? .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let manager = LocationManager(engine: engine, timeline: timeline, configuration: configuration)
        if updatesLocation { manager.startUpdatingLocation() }
        if monitorsSignificantChanges { manager.startMonitoringSignificantLocationChanges() }
        for region in regions { manager.startMonitoring(for: region) }
        manager.monitorStore = monitorStore
        let monitor = try conditions.isEmpty ? nil : LocationMonitor.open(monitorName, on: manager)
        for (identifier, condition) in conditions { monitor?.add(condition, identifier: identifier) }
        defer { monitor?.close() }
        prepare(manager)
        timeline.addEventListener { [onEnter, onExit] event in
            guard let crossing = event.kind as? RegionCrossingRecord else { return }
            switch crossing.crossing {
            case .enter: onEnter(crossing.region, event.time)
            case .exit: onExit(crossing.region, event.time)
            }
        }
        let emulated = try app.map { manifest throws(InputError) in
            let output = audioOutput
            let audio = EmulatedApp.Audio(output: { _ in output }, open: { try WAVDecoder(path: $0) })
            var options = AppRecipe.Options()
            options.configuration = appConfiguration
            options.location = manager
            options.audio = audio
            let app = try AppRecipe.standard.app(manifest, engine: engine, timeline: timeline, options: options)
            app.start()
            return app
        }
        try await manager.run(.replay(fixes))
        try await emulated?.linger(upTo: linger)
        return timeline.events
    }

    /// Fixes of a walk in a straight line (a great circle): one every `interval` for `duration`, at
    /// `speed` m/s, each with the given horizontal accuracy, starting at `start`.
    public static func walk(
        from origin: (latitude: Double, longitude: Double), bearing: Double, speed: Double = 1.4,
        every interval: Duration = .seconds(1), duration: Duration, start: SimTime = .defaultStart,
        accuracy: Double? = 5
    ) -> [LocationFix] {
        let count = Int(duration.seconds / interval.seconds)
        return (0...count).map { i in
            let elapsed = interval * i
            let point = Geodesy.destination(
                latitude: origin.latitude, longitude: origin.longitude, bearing: bearing, distance: speed * elapsed.seconds
            )
            return LocationFix(
                time: start + elapsed, latitude: point.latitude, longitude: point.longitude, speed: speed,
                course: bearing, horizontalAccuracy: accuracy
            )
        }
    }

    /// Fixes at given distances from a centre along one bearing, one every `interval`: a path across a
    /// region's boundary told as "how far from the centre at each step".
    public static func path(
        around center: (latitude: Double, longitude: Double), bearing: Double, distances: [Double],
        every interval: Duration = .seconds(1), start: SimTime = .defaultStart, accuracy: Double? = 5
    ) -> [LocationFix] {
        distances.enumerated().map { i, distance in
            let point = Geodesy.destination(
                latitude: center.latitude, longitude: center.longitude, bearing: bearing, distance: distance
            )
            return LocationFix(
                time: start + interval * i, latitude: point.latitude, longitude: point.longitude,
                horizontalAccuracy: accuracy
            )
        }
    }
}

/// An app configuration behind a reference, for ``LocationScenario/appConfiguration``.
private final class ConfigurationBox {
    let value: EmulatedApp.Configuration

    init(_ value: EmulatedApp.Configuration) { self.value = value }
}
