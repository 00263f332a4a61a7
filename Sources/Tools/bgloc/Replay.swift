import ArgumentParser
import BackgroundApp
import BackgroundCore
import BackgroundLocation
import BackgroundReport
import BGTaskCommand
import CommandLineSupport
import Glibc

/// `bgloc replay TRACE [options]`: a trace through the emulated CLLocationManager (CONTRACTS.md §2).
struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
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
              bgloc replay Traces/walk-through-region.nmea \\
                  --region museum=47.3769,8.5417,200 --speed 60 --events 'state,enter,exit'
            """
    )

    @Argument(help: "The trace: a GPX 1.0 or 1.1 file or an NMEA 0183 log (detected by content).")
    var trace: String

    @OptionGroup var location: LocationOptions

    @Option(help: ArgumentHelp("Pace the replay at this many times real time.", valueName: "factor"))
    var speed: Double?

    @Option(help: "Human timeline (text) or the event stream (jsonl); text on a terminal, jsonl otherwise.")
    var format: TimelineFormat?

    @OptionGroup var report: ReportOptions

    @OptionGroup var app: AppArguments

    @Option(help: ArgumentHelp(
        "With --app: after the last fix, run on while the app has something to do, at most this long (default 10m).",
        valueName: "duration"))
    var linger: DurationArgument?

    @OptionGroup var events: EventFilterOptions

    func validate() throws {
        // At least 0.001: slower, a trace's gaps divided by the factor overflow the clock's durations (it trapped).
        if let speed, !(speed.isFinite && speed >= 0.001) {
            throw ValidationError("--speed \(speed): expected a factor of at least 0.001, such as 10")
        }
        try app.requireApp(or: linger.map { _ in "--linger" })
    }

    func run() async throws {
        try await run(recipe: .standard)
    }

    /// The replay with the app `recipe` makes; `observe` sees the timeline before the run (a test keeps its
    /// events there).
    func run(recipe: AppRecipe, observe: @escaping @Sendable (Timeline) -> Void = { _ in }) async throws {
        let settings = ReplaySettings(recipe: recipe, observe: observe,
            trace: trace, location: try location.resolved(), speed: speed, format: format ?? .automatic,
            report: report.path, app: try app.resolved().map { ReplaySettings.App(manifest: $0.manifest, options: $0.options) },
            linger: linger?.value ?? .seconds(600), events: events.filter
        )
        try await Interruption.run { try await settings.replay() }
    }
}

/// Everything a replay needs, as plain values that can cross into the interruptible task.
private struct ReplaySettings: Sendable {
    /// The recipe the app is made with.
    var recipe: AppRecipe
    var observe: @Sendable (Timeline) -> Void
    var trace: String
    var location: LocationOptions.Resolved
    var speed: Double?
    var format: TimelineFormat
    var report: String?
    var app: App?
    /// How long the app runs on after the last fix.
    var linger: Duration

    /// `--app` and its options.
    struct App: Sendable {
        var manifest: String
        var options: AppOptions.Resolved
    }
    var events: EventFilter?

    func replay() async throws {
        let reader = try TraceReader(path: trace)
        var order = TraceTimeOrder(file: trace)
        var first: [LocationSourceEvent] = []
        var firstFix: LocationFix?
        while firstFix == nil, let event = try Self.nextEvent(reader, &order) {
            first.append(event)
            if case .fix(let fix) = event { firstFix = fix }
        }
        guard firstFix != nil else {
            let skipped = first.compactMap { if case .problem(let message, _) = $0 { message } else { nil } }
            let why = skipped.first.map {
                skipped.count == 1 ? "; its one sentence was skipped: \($0)" : "; all \(skipped.count) sentences were skipped, the first: \($0)"
            }
            throw InputError(file: trace, message: "the trace has no track points to replay" + (why ?? ""))
        }
        let engine = EventEngine(start: firstFix?.time ?? .defaultStart)
        let timeline = Timeline(engine: engine)
        // Paced, each line shows when it happens; with real transfers, each is out before the next transfer's
        // bytes move, so that a killed run has printed what its state database says is done.
        let summary = TimelinePrinter(
            format: format, flushEachLine: speed != nil || app?.options.flushesEachLine == true, events: events
        ).attach(to: timeline)
        let picture = report.map { _ in TimelineReport(title: "bgloc replay \(trace)", regions: location.regions.map(ReportRegion.init)) }
        picture?.attach(to: timeline)
        observe(timeline)
        let manager = location.makeManager(engine: engine, timeline: timeline)
        let emulated = try app.map { app in
            let run = try AppRun(recipe: recipe, contentsOf: app.manifest, options: app.options.recipeOptions(location: manager, live: false))
            for note in run.manifest.locationSectionsNotRun(hasLocationSource: true) { StandardOutput.writeError("bgloc replay: \(note)") }
            return try run.start(on: engine, timeline: timeline)
        }
        picture?.regions = manager.monitoredRegions.sorted { $0.identifier < $1.identifier }.map(ReportRegion.init)
        let pacing: EngineRun.Pacing = speed.map { .paced(speed: $0) } ?? .virtual
        var buffered = first[...]
        var why: String?  // the closing line's reason, once the run ends by itself
        defer { summary.close(Task.isCancelled ? RunSummary.stopped : why) }
        try await manager.run(ReplaySource(pacing: pacing) {
            let event = try buffered.popFirst() ?? Self.nextEvent(reader, &order)
            if case .fix(let fix)? = event { picture?.recordPosition(latitude: fix.latitude, longitude: fix.longitude) }
            return event
        })
        try await emulated?.linger(upTo: linger, pacing: pacing)
        why = RunSummary.traceEnded(lingering: emulated.map { (linger, $0.isSettled) })
        if let report { try picture?.write(to: report) }
        StandardOutput.flush()
    }

    /// The next track point (as a fix) or skipped part (as a problem) of the trace; warns once, on standard
    /// error, where the times first step back (docs/TRACES.md: such fixes are replayed in file order).
    private static func nextEvent(_ reader: TraceReader, _ order: inout TraceTimeOrder) throws -> LocationSourceEvent? {
        while let item = try reader.next() {
            switch item {
            case .trackPoint(let fix, _, _):
                if let time = fix.time, order.note(time, at: reader.place), let stepBack = order.firstStepBack {
                    StandardOutput.writeError(
                        "bgloc replay: warning: \(stepBack): the trace is not in time order; fixes are replayed in file "
                            + "order, and one earlier than the fix before it is delivered at once with its own time")
                }
                return .fix(fix)
            case .skipped(let problem): return .problem(message: problem.description, code: "skipped")
            case .routePoint, .waypoint: continue
            }
        }
        return nil
    }
}
