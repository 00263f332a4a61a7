package import BackgroundCore
import BackgroundLocation
package import BackgroundDevice

/// Where the user goes without a trace (`visits:`, CONTRACTS.md §12): in a run with no location source
/// (`bgtask simulate`, with or without `--users`), the user enters the manifest's regions at the visits'
/// times and leaves them after `for`. The mode moves a ``LocationManager`` of its own, on the app's engine,
/// with one fix at each move — into the region's centre, or to a place away from every region (home) — and
/// hosts the ``LocationMode`` on it, so every location rule applies as with a trace: what the user allowed
/// (`location:`), the 20-region limit, each region's state determined when monitoring starts (no entry for
/// a region the user is already in), the dwell before a crossing counts, significant changes between places
/// far enough apart, and region events that wake, or relaunch, a terminated or force-quit app.
///
/// ```yaml
/// regions: [{id: office, lat: 47.3769, lon: 8.5417, radius: 150, onEnter: {upload: log.json}}]
/// visits: [{at: "08:40", enter: office, for: 8h30m, jitter: 10m, days: [mon, tue, wed, thu, fri]}]
/// ```
/// Visits overlapping in time nest: leaving the later puts the user back in the earlier, if it lasts. A
/// manifest without `visits:` leaves the mode idle. The jitter is drawn from the run's seed as the usage
/// opens' is, apart from them.
///
/// - Warning: Not thread-safe: use it on the engine's owner only.
package final class VisitsMode: BackgroundMode {
    /// The location mode on the mode's manager, once attached to an app with visits.
    package private(set) var location: LocationMode?

    private unowned var app: EmulatedApp?
    private var visits: [ManifestVisit] = []
    private var regions: [String: (latitude: Double, longitude: Double)] = [:]
    private var home = (latitude: 0.0, longitude: 0.0)
    /// The visits under way, the latest last: the user is in the last one's region, or home.
    private var under: [(region: String, id: Int)] = []
    private var nextID = 0
    private var seed: UInt64 = 0
    private var firstDay: Int64 = 0

    /// The salt of the visits' jitter, apart from the usage opens' ("VISITS").
    static let salt: UInt64 = 0x5649_5349_5453

    package init() {}

    package func attach(to app: EmulatedApp) throws(InputError) {
        visits = app.manifest.visits
        guard !visits.isEmpty else { return }
        self.app = app
        let manager = LocationManager(engine: app.engine, timeline: app.timeline)
        let location = LocationMode(manager: manager)
        try location.attach(to: app)
        self.location = location
        for region in app.manifest.regions { regions[region.id] = (region.latitude, region.longitude) }
        home = Self.home(awayFrom: app.manifest.regions)
        seed = app.configuration.seed
        firstDay = SimCalendar.day(of: app.engine.now)
        scheduleDay(firstDay)
    }

    /// A place at least 2 km past every region's edge, a few kilometres from the first: where the user is
    /// between visits.
    static func home(awayFrom regions: [ManifestRegion]) -> (latitude: Double, longitude: Double) {
        guard let first = regions.first else { return (0, 0) }
        let reach = (regions.map(\.radius).max() ?? 0) + 5_000
        for step in 1...8 {
            for bearing in stride(from: 0.0, to: 360, by: 30) {
                let place = Geodesy.destination(latitude: first.latitude, longitude: first.longitude, bearing: bearing, distance: reach * Double(step))
                let clear = regions.allSatisfy { region in
                    Geodesy.distance(fromLatitude: place.latitude, longitude: place.longitude, toLatitude: region.latitude, longitude: region.longitude)
                        > region.radius + 2_000
                }
                if clear { return place }
            }
        }
        return (-first.latitude, Geodesy.normalizedLongitude(first.longitude + 180))
    }

    // MARK: The user's moves

    /// Schedules the visits of `day` still to come, and the next day's at its midnight.
    private func scheduleDay(_ day: Int64) {
        guard let engine = app?.engine else { return }
        let patterns = visits.map(\.pattern)
        for visit in UsagePattern.occurrences(of: patterns, onDay: day, firstDay: firstDay, seed: seed, salt: Self.salt)
        where visit.time >= engine.now {
            let region = visits[visit.pattern].region
            engine.schedule(at: visit.time) { [unowned self] in enter(region, for: visit.duration) }
        }
        engine.schedule(at: SimCalendar.midnight(ofDay: day + 1)) { [unowned self] in scheduleDay(day + 1) }
    }

    private func enter(_ region: String, for duration: Duration) {
        guard let engine = app?.engine else { return }
        nextID += 1
        let id = nextID
        under.append((region, id))
        report()
        engine.schedule(after: duration) { [unowned self] in
            under.removeAll { $0.id == id }
            report()
        }
    }

    /// One fix where the user is now.
    private func report() {
        guard let app, let manager = location?.manager else { return }
        let place = under.last.flatMap { regions[$0.region] } ?? home
        manager.receive(.fix(LocationFix(time: app.engine.now, latitude: place.latitude, longitude: place.longitude, horizontalAccuracy: 10)))
    }

    // MARK: The app, through the location mode

    /// The location mode starts monitoring at the first launch; a fix where the user is then determines
    /// each region's state.
    package func appDidLaunch(first: Bool) {
        location?.appDidLaunch(first: first)
        if first { report() }
    }

    package func appDidTerminate() { location?.appDidTerminate() }
    package func appWasForceQuit() { location?.appWasForceQuit() }
    package func appDidChange(from: LifecycleState, to: LifecycleState) { location?.appDidChange(from: from, to: to) }
    package func deviceDidChange(_ event: DeviceEvent) { location?.deviceDidChange(event) }
}
