import AppControl
import ArgumentParser
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
            error; the socket is removed when the run ends (docs/CONTROL.md).

            Example:
              gpsfake -P 2947 Traces/walk-through-region.nmea & bgloc live --fixes 5
              bgloc live --region home=47.3769,8.5417,100 --format jsonl --fixes 10
            """
    )

    @OptionGroup var gpsd: GPSDOptions

    @OptionGroup var location: LocationOptions

    @Option(help: "Human timeline (text) or the event stream (jsonl); text on a terminal, jsonl otherwise.")
    var format: TimelineFormat?

    @OptionGroup var app: AppOptions

    @OptionGroup var events: EventFilterOptions

    func validate() throws {
        if app.linger != nil {
            throw ValidationError("--linger is for replay; a live run ends with --duration, --fixes or Ctrl-C")
        }
    }

    func run() async throws {
        let source = gpsd.configuration(waiting: true)
        let location = try location.resolved()
        let format = format ?? .automatic
        let app = try app.resolved()
        let events = events.filter
        try await Interruption.run {
            let engine = EventEngine(start: .now())
            let timeline = Timeline(engine: engine)
            let summary = TimelinePrinter(format: format, flushEachLine: true, events: events).attach(to: timeline)
            let manager = location.makeManager(engine: engine, timeline: timeline)
            // The control socket first: a second live run of the app stops here, before printing anything.
            let manifest = try app.map { try AppManifest(contentsOf: $0.manifest) }
            let control = try manifest.map { try ControlServer(bundle: $0.app, state: app?.state?.path) }
            defer { control?.close() }
            let emulated = try app?.start(manifest, engine: engine, timeline: timeline, location: manager, live: true)
            defer { manager.finishEvents() }
            // gpsd and the control socket; a transfer thread posts into the same inbox.
            let run = LiveRun(engine: engine, until: source.duration.map { engine.now + $0 })
            run.add(GPSDSource(configuration: source)) { event in manager.receive(event) }
            if let control, let emulated { control.add(to: run, handlers: ControlServer.Handlers(app: emulated)) }
            var why: String?  // the closing line's reason, once the run ends by itself
            defer { summary.close(Task.isCancelled ? RunSummary.stopped : why) }
            try await run.run()
            why = RunSummary.liveEnded(durationReached: run.stopAt.map { engine.now >= $0 } ?? false, source.fixes)
            withExtendedLifetime(emulated) {}
        }
    }
}
