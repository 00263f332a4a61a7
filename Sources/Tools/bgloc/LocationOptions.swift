import ArgumentParser
import BackgroundCore
import BackgroundLocation
import CommandLineSupport

/// The location manager's options that `replay` and `live` share (CONTRACTS.md §2): regions,
/// significant-change monitoring, the continuous-update filters, dwell and automatic pausing.
struct LocationOptions: ParsableArguments {
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

    @Option(name: .customLong("region-limit"), help: "How many regions the app may monitor (iOS allows 20).")
    var regionLimit = LocationManagerConfiguration().regionLimit

    @Option(help: ArgumentHelp(
        "How long a crossing must hold past the region's margin before it is reported: 20s, 1m (a bare number is seconds).",
        valueName: "duration"
    ))
    var dwell = DurationArgument(LocationManagerConfiguration().minimumDwell)

    @Flag(name: .customLong("no-auto-pause"), help: "Never pause continuous updates when the device is stationary.")
    var noAutoPause = false

    func validate() throws {
        _ = try regionsFromOptions()
        if let distanceFilter, !(distanceFilter.isFinite && distanceFilter >= 0) {
            throw ValidationError("--distance-filter \(distanceFilter): expected a number of metres, 0 or more")
        }
        if let accuracy, !(accuracy.isFinite && accuracy > 0) {
            throw ValidationError("--accuracy \(accuracy): expected a number of metres greater than 0")
        }
        if regionLimit < 1 {
            throw ValidationError("--region-limit \(regionLimit): expected 1 or more")
        }
    }

    /// The options as plain values, with the regions file read.
    func resolved() throws -> Resolved {
        var regions = try regionsFromOptions()
        if let regionsFile { regions = try GeoJSONRegions.load(path: regionsFile) + regions }
        return Resolved(
            regions: regions, significant: significant, distanceFilter: distanceFilter, accuracy: accuracy,
            regionLimit: regionLimit, dwell: dwell.value, autoPause: !noAutoPause
        )
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

    /// The options as plain values that can cross into the interruptible task.
    struct Resolved: Sendable {
        var regions: [CircularRegion]
        var significant: Bool
        var distanceFilter: Double?
        var accuracy: Double?
        var regionLimit: Int
        var dwell: Duration
        var autoPause: Bool

        /// A location manager on `engine` with continuous updates started, significant-change monitoring
        /// when asked for, and every region monitored.
        func makeManager(engine: EventEngine, timeline: Timeline) -> LocationManager {
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
            return manager
        }
    }
}
