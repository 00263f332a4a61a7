import ArgumentParser
import BackgroundApp
import BackgroundCore
import BackgroundLocation
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
            when it happens. If gpsd goes away the run reports an error event and reconnects. Stop with \
            --duration, --fixes or Ctrl-C.

            Example:
              bgloc live --region home=47.3769,8.5417,100 --format jsonl
              gpsfake -P 2947 walk.nmea & bgloc live --fixes 20
            """
    )

    @OptionGroup var gpsd: GPSDOptions

    @OptionGroup var location: LocationOptions

    @Option(help: "Human timeline (text) or the event stream (jsonl); text on a terminal, jsonl otherwise.")
    var format: TimelineFormat?

    @OptionGroup var app: AppOptions

    func validate() throws {
        if app.linger != nil {
            throw ValidationError("--linger is for replay; a live run ends with --duration, --fixes or Ctrl-C")
        }
    }

    func run() async throws {
        let source = gpsd.configuration
        let location = try location.resolved()
        let format = format ?? .automatic
        let app = try app.resolved()
        try await Interruption.run {
            let engine = EventEngine(start: .now())
            let timeline = Timeline(engine: engine)
            TimelinePrinter(format: format, flushEachLine: true).attach(to: timeline)
            let manager = location.makeManager(engine: engine, timeline: timeline)
            let emulated = try app?.start(engine: engine, timeline: timeline, location: manager, live: true)
            defer { manager.finishEvents() }
            // gpsd is the run's one source today; a push socket or a transfer thread would be added beside it.
            let run = LiveRun(engine: engine, until: source.duration.map { engine.now + $0 })
            run.add(GPSDSource(configuration: source)) { event in manager.receive(event) }
            try await run.run()
            withExtendedLifetime(emulated) {}
        }
    }
}
