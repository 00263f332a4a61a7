import ArgumentParser
import BackgroundApp
import BackgroundCore
import BackgroundReport
import BackgroundTasks
import CommandLineSupport

extension BGTask {
    /// `bgtask simulate`: run an app manifest's background tasks on virtual time and print the timeline.
    struct Simulate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Simulate what BGTaskScheduler does with an app's background tasks over a stretch of time.",
            discussion: """
                Runs on virtual time, as fast as it can: the manifest's device conditions change on \
                schedule, the emulated scheduler launches and expires tasks by iOS's rules, and every \
                event is printed as it happens. The same manifest, options and seed always give the same \
                output, byte for byte. A task with `run:` runs its command for real while the simulated \
                clock stands still; its output goes to stderr, each line prefixed with [task-id] \
                (docs/DEVICE.md).

                Example — a day of the example app, as the JSON-lines event stream:

                  bgtask simulate Examples/DailyRefresh/app.yaml --for 1d --format jsonl

                The manifest's format is described in docs/MANIFEST.md, the scheduler's rules in \
                docs/SCHEDULER.md.
                """)

        @Argument(help: "The app manifest (YAML).")
        var manifest: String

        @Option(
            name: .customLong("for"),
            help: ArgumentHelp("How long to simulate: a number with a unit s, m, h or d, such as 1d or 2h30m.", valueName: "duration"))
        var duration: String

        @Option(help: ArgumentHelp("When the simulation starts, RFC 3339 (default: 2026-01-01T00:00:00Z).", valueName: "time"))
        var start: String?

        @Option(help: "text: a human timeline; jsonl: the event stream (default: text on a terminal, else jsonl).")
        var format: TimelineFormat?

        @Option(help: "eager: launch within a minute of becoming eligible; realistic: seeded, system-like delays.")
        var policy: PolicyName = .eager

        @Option(help: "The seed of the realistic policy's random delays.")
        var seed: UInt64 = 0

        @Option(help: ArgumentHelp("Save pending requests in this file and restore them at the start.", valueName: "file"))
        var state: String?

        @OptionGroup var report: ReportOptions

        enum PolicyName: String, ExpressibleByArgument, CaseIterable {
            case eager, realistic
        }

        func validate() throws {
            guard (DurationSyntax.parse(duration) ?? .zero) > .zero else {
                throw ValidationError(
                    "--for '\(duration)' is not a duration: expected a number with a unit s, m, h or d, such as 1d or 2h30m.")
            }
            if let start, SimTime(rfc3339: start) == nil {
                throw ValidationError("--start '\(start)' is not an RFC 3339 time such as 2026-03-01T09:00:00Z.")
            }
        }

        func run() throws {
            let length = DurationSyntax.parse(duration)!
            let begin = start.flatMap { SimTime(rfc3339: $0) } ?? .defaultStart
            let manifest = try AppManifest(contentsOf: manifest)
            var configuration = BGTaskScheduler.Configuration()
            configuration.policy = policy == .eager ? .eager : .realistic(seed: seed)
            configuration.stateFile = state

            let engine = EventEngine(start: begin)
            let timeline = Timeline(engine: engine)
            TimelinePrinter(format: format ?? .automatic).attach(to: timeline)
            let picture = report.path.map { _ in TimelineReport(title: "bgtask simulate \(manifest.app)") }
            picture?.attach(to: timeline)
            let simulator = try AppSimulator(manifest: manifest, engine: engine, timeline: timeline, configuration: configuration)
            simulator.launch()
            engine.run(until: begin + length)
            if let path = report.path { try picture?.write(to: path) }
            StandardOutput.flush()
        }
    }
}
