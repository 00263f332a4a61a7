import ArgumentParser
import BackgroundApp
import BackgroundCore
import BackgroundLocation
import BackgroundReport
import CommandLineSupport
import Glibc

/// `bgloc replay TRACE [options]`: a trace through the emulated CLLocationManager (CONTRACTS.md §2).
struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a GPX or NMEA trace through the emulated location manager and print its timeline.",
        discussion: """
            Every fix goes through continuous updates (with --distance-filter and --accuracy, and \
            automatic pausing when stationary), optional significant-change monitoring and the monitored \
            regions, on virtual time as fast as possible or at --speed times real time. Skipped NMEA \
            sentences appear as error events. The output is a human timeline on a terminal and JSON lines \
            (one event per line) otherwise.

            With --app MANIFEST the trace runs inside an emulated app (docs/DEVICE.md): its regions' \
            actions, its background tasks, audio and lifecycle, and what follows the last fix (--linger).

            Example:
              bgloc replay Traces/walk-through-region.gpx \\
                  --regions Traces/walk-through-region.gpx.regions.geojson --significant \\
                  --format jsonl
              bgloc replay walk.nmea --region museum=47.3769,8.5417,200 --speed 60
            """
    )

    @Argument(help: "The trace: a GPX 1.0 or 1.1 file or an NMEA 0183 log (detected by content).")
    var trace: String

    @Option(name: .customLong("region"), help: ArgumentHelp(
        "A circular region to monitor, radius in metres; repeatable.", valueName: "ID=LAT,LON,RADIUS"
    ))
    var regionSpecs: [String] = []

    @Option(name: .customLong("regions"), help: ArgumentHelp(
        "Regions from a GeoJSON FeatureCollection of Points with properties id and radius.", valueName: "file"
    ))
    var regionsFile: String?

    @Flag(help: "Also run significant-change monitoring.")
    var significant = false

    @Option(name: .customLong("distance-filter"), help: ArgumentHelp(
        "Deliver a fix only after moving this many metres from the last one delivered.", valueName: "metres"
    ))
    var distanceFilter: Double?

    @Option(help: ArgumentHelp(
        "The desired horizontal accuracy in metres; less accurate fixes wait briefly for a better one.",
        valueName: "metres"
    ))
    var accuracy: Double?

    @Option(help: ArgumentHelp("Pace the replay at this many times real time.", valueName: "factor"))
    var speed: Double?

    @Option(help: "Human timeline (text) or the event stream (jsonl); text on a terminal, jsonl otherwise.")
    var format: TimelineFormat?

    @OptionGroup var report: ReportOptions

    @Option(name: .customLong("region-limit"), help: "How many regions the app may monitor (iOS allows 20).")
    var regionLimit = LocationManagerConfiguration().regionLimit

    @Option(help: ArgumentHelp(
        "Seconds a crossing must hold past the region's margin before it is reported.", valueName: "seconds"
    ))
    var dwell = LocationManagerConfiguration().minimumDwell.seconds

    @Flag(name: .customLong("no-auto-pause"), help: "Never pause continuous updates when the device is stationary.")
    var noAutoPause = false

    @OptionGroup var app: AppOptions

    func validate() throws {
        _ = try regionsFromOptions()
        if let distanceFilter, !(distanceFilter.isFinite && distanceFilter >= 0) {
            throw ValidationError("--distance-filter \(distanceFilter): expected a number of metres, 0 or more")
        }
        if let accuracy, !(accuracy.isFinite && accuracy > 0) {
            throw ValidationError("--accuracy \(accuracy): expected a number of metres greater than 0")
        }
        if let speed, !(speed.isFinite && speed > 0) {
            throw ValidationError("--speed \(speed): expected a factor greater than 0, such as 10")
        }
        if !(dwell.isFinite && dwell >= 0) {
            throw ValidationError("--dwell \(dwell): expected a number of seconds, 0 or more")
        }
        if regionLimit < 1 {
            throw ValidationError("--region-limit \(regionLimit): expected 1 or more")
        }
    }

    func run() async throws {
        var regions = try regionsFromOptions()
        if let regionsFile { regions = try GeoJSONRegions.load(path: regionsFile) + regions }
        let settings = ReplaySettings(
            trace: trace, regions: regions, significant: significant, distanceFilter: distanceFilter,
            accuracy: accuracy, speed: speed, format: format ?? .automatic, regionLimit: regionLimit,
            dwell: .milliseconds(Int64((dwell * 1000).rounded())), autoPause: !noAutoPause, report: report.path,
            app: app.resolved()
        )
        try await Interruption.run { try await settings.replay() }
    }

    /// The `--region` options, checked.
    private func regionsFromOptions() throws -> [CircularRegion] {
        try regionSpecs.map { spec in
            func invalid(_ why: String) -> ValidationError { ValidationError("--region \(spec): \(why)") }
            guard let equals = spec.lastIndex(of: "="), equals != spec.startIndex else {
                throw invalid("expected ID=LAT,LON,RADIUS, e.g. museum=47.3769,8.5417,200")
            }
            let fields = spec[spec.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            let numbers = fields.compactMap { Double($0) }
            guard fields.count == 3, numbers.count == 3, numbers.allSatisfy(\.isFinite) else {
                throw invalid("expected ID=LAT,LON,RADIUS with three numbers, e.g. museum=47.3769,8.5417,200")
            }
            let (latitude, longitude, radius) = (numbers[0], numbers[1], numbers[2])
            guard (-90...90).contains(latitude) else { throw invalid("latitude \(latitude) is outside -90...90") }
            guard (-180...180).contains(longitude) else { throw invalid("longitude \(longitude) is outside -180...180") }
            let maximum = LocationManagerConfiguration().maximumRegionMonitoringDistance
            guard radius > 0, radius <= maximum else {
                throw invalid("radius \(radius) must be greater than 0 and at most \(Int(maximum)) metres")
            }
            return CircularRegion(
                identifier: String(spec[..<equals]), latitude: latitude, longitude: longitude, radius: radius
            )
        }
    }
}

/// Everything a replay needs, as plain values that can cross into the interruptible task.
private struct ReplaySettings: Sendable {
    var trace: String
    var regions: [CircularRegion]
    var significant: Bool
    var distanceFilter: Double?
    var accuracy: Double?
    var speed: Double?
    var format: TimelineFormat
    var regionLimit: Int
    var dwell: Duration
    var autoPause: Bool
    var report: String?
    var app: AppOptions.Resolved?

    func replay() async throws {
        let reader = try TraceReader(path: trace)
        var first: [LocationSourceEvent] = []
        var firstFix: LocationFix?
        while firstFix == nil, let event = try Self.nextEvent(reader) {
            first.append(event)
            if case .fix(let fix) = event { firstFix = fix }
        }
        guard firstFix != nil else {
            throw InputError(file: trace, message: "the trace has no track points to replay")
        }
        let engine = EventEngine(start: firstFix?.time ?? .defaultStart)
        let timeline = Timeline(engine: engine)
        TimelinePrinter(format: format, flushEachLine: speed != nil).attach(to: timeline)
        let picture = report.map { _ in TimelineReport(title: "bgloc replay \(trace)", regions: regions.map(ReportRegion.init)) }
        picture?.attach(to: timeline)
        var configuration = LocationManagerConfiguration()
        configuration.regionLimit = regionLimit
        configuration.minimumDwell = dwell
        let manager = LocationManager(engine: engine, timeline: timeline, configuration: configuration)
        manager.distanceFilter = distanceFilter
        manager.desiredAccuracy = accuracy
        manager.pausesLocationUpdatesAutomatically = autoPause
        manager.startUpdatingLocation()
        if significant { manager.startMonitoringSignificantLocationChanges() }
        for region in regions { manager.startMonitoring(for: region) }
        let emulated = try app?.start(on: manager)
        let pacing: ReplaySource.Pacing = speed.map { .paced(speed: $0) } ?? .virtual
        var buffered = first[...]
        try await manager.run(ReplaySource(pacing: pacing) {
            if let event = buffered.popFirst() { return event }
            return try Self.nextEvent(reader)
        })
        if let app, let emulated {
            try await emulated.linger(upTo: app.linger, pacing: pacing)
        }
        if let report { try picture?.write(to: report) }
        StandardOutput.flush()
    }

    /// The next track point (as a fix) or skipped part (as a problem) of the trace.
    private static func nextEvent(_ reader: TraceReader) throws -> LocationSourceEvent? {
        while let item = try reader.next() {
            switch item {
            case .trackPoint(let fix, _, _): return .fix(fix)
            case .skipped(let problem): return .problem(message: problem.description, code: "skipped")
            case .routePoint, .waypoint: continue
            }
        }
        return nil
    }
}
