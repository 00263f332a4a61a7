import AppControl
import ArgumentParser
import BGTaskCommand
import BackgroundApp
import BackgroundCore
import BackgroundLocation
import BackgroundState
import CommandLineSupport
import GPSDLocation

/// `bgloc live [--gpsd HOST:PORT] [options]`: a running gpsd through the emulated location manager.
struct Live: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Follow a running gpsd through the emulated location manager and print its timeline.",
        discussion: """
            Fixes from gpsd go through continuous updates, optional significant-change monitoring and the \
            monitored regions as they arrive, on a clock that follows the wall clock; each line is printed \
            when it happens. Until gpsd answers, the run waits for it (one error event, code gpsd.waiting, \
            says so), as gpsd clients do; if gpsd goes away the run reports an error event and \
            reconnects. Stop with --duration, --fixes or Ctrl-C; a text run ends with a line saying which, \
            and what is still pending.

            With --app, the run listens on a control socket for `bgtask push`, `bgtask simulate-launch` \
            and `bgtask simulate-expiration`: bgkit-BUNDLE.sock in the folder of --state, or without it in \
            $XDG_RUNTIME_DIR/bgkit/ (else /tmp/bgkit-UID/). A second live run of the same app there is an \
            error; the socket is removed when the run ends (docs/CONTROL.md). An app whose manifest has no \
            regions and no significantChange: runs without gpsd, unless --region, --regions, --significant or \
            --fixes asks for fixes.

            Example:
              gpsfake -P 2947 Traces/walk-through-region.nmea & bgloc live --fixes 5
              bgloc live --region home=47.3769,8.5417,100 --format jsonl --fixes 10
            """
    )

    @OptionGroup var gpsd: GPSDOptions

    @OptionGroup var location: LocationOptions

    @Option(help: "Human timeline (text) or the event stream (jsonl); text on a terminal, jsonl otherwise.")
    var format: TimelineFormat?

    @OptionGroup var app: AppArguments

    @Option(help: ArgumentHelp(
        "With --app: the device conditions the tasks wait for: the machine's own power and network (sysfs), or the manifest's conditions: timeline (default: the manifest's when it has one, else the machine's).",
        valueName: "machine|manifest"))
    var conditions: ConditionsSource?

    /// `--conditions machine|manifest`.
    enum ConditionsSource: String, ExpressibleByArgument, CaseIterable {
        case machine, manifest
    }

    @OptionGroup var events: EventFilterOptions

    func validate() throws {
        try app.requireApp(or: conditions.map { _ in "--conditions" })
    }

    func run() async throws {
        try await run(recipe: .standard)
    }

    /// The live run with the app `recipe` makes; `observe` sees the timeline before the run (a test keeps
    /// its events there).
    func run(recipe: AppRecipe, observe: @escaping @Sendable (Timeline) -> Void = { _ in }) async throws {
        let source = gpsd.configuration(waiting: true)
        let location = try location.resolved()
        let format = format ?? .automatic
        let app = try app.resolved()
        let conditions = conditions
        let events = events.filter
        // Fixes are asked for by the location options or the manifest's regions; without them an app runs with no gpsd.
        let asksForFixes = app == nil || !location.regions.isEmpty || location.significant || source.fixes != nil
        try await Interruption.run {
            let engine = EventEngine(start: .now())
            let timeline = Timeline(engine: engine)
            let summary = TimelinePrinter(format: format, flushEachLine: true, events: events).attach(to: timeline)
            observe(timeline)
            let manifest = try app.map { try recipe.manifest(contentsOf: $0.manifest) }
            for note in manifest?.locationSectionsNotRun(hasLocationSource: true) ?? [] { StandardOutput.writeError("bgloc live: \(note)") }
            let followsGPSD = asksForFixes || manifest.map { !$0.regions.isEmpty || $0.significantChange != nil } == true
            let manager = followsGPSD ? location.makeManager(engine: engine, timeline: timeline) : nil
            defer { manager?.finishEvents() }
            // The control socket first: a second live run of the app stops here, before printing anything.
            let control = try manifest.map { try ControlServer(bundle: $0.app, state: app?.options.state?.path) }
            defer { control?.close() }
            let emulated = try app.map { app in
                try Self.startApp(recipe, manifest!, app.options, conditions, engine: engine, timeline: timeline, location: manager)
            }
            // gpsd and the control socket; a transfer thread posts into the same inbox.
            let run = LiveRun(engine: engine, until: source.duration.map { engine.now + $0 })
            if let manager { run.add(GPSDSource(configuration: source)) { event in manager.receive(event) } }
            if let control, let emulated {
                control.add(to: run, app: emulated)
                run.keep(emulated)
            }
            var why: String?  // the closing line's reason, once the run ends by itself
            defer { summary.close(Task.isCancelled ? RunSummary.stopped : why) }
            try await run.run()
            why = RunSummary.liveEnded(durationReached: run.stopAt.map { engine.now >= $0 } ?? false, source.fixes)
        }
    }

    /// The app of `manifest` started live: its conditions the machine's unless `--conditions manifest`
    /// or the manifest has a timeline.
    private static func startApp(
        _ recipe: AppRecipe, _ manifest: AppManifest, _ resolved: AppOptions.Resolved, _ conditions: ConditionsSource?,
        engine: EventEngine, timeline: Timeline, location: LocationManager?
    ) throws -> EmulatedApp {
        var options = resolved.recipeOptions(location: location, live: true)
        if (conditions ?? (manifest.conditions.isEmpty ? .machine : .manifest)) == .machine {
            options.configuration.conditions = .machine()
        }
        return try AppRun(recipe: recipe, manifest: manifest, options: options).start(on: engine, timeline: timeline)
    }
}
