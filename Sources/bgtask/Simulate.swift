import ArgumentParser
import BackgroundApp
import BackgroundCore
import BackgroundReport
import BackgroundState
import BackgroundTasks
import BackgroundTransfers
import CommandLineSupport

extension BGTask {
    /// `bgtask simulate`: run an app manifest's background tasks on virtual time and print the timeline.
    struct Simulate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "simulate",
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

                A manifest with lifecycle: or pushes: runs as the whole emulated app (its lifecycle, \
                tasks, pushes and transfers), as Examples/News/app.yaml does. The manifest's format is \
                described in docs/MANIFEST.md, the scheduler's rules in docs/SCHEDULER.md.

                With --state, the pending task requests are kept in the app's state database (SQLite) and \
                restored by the next run; `bgtask state --state PATH` lists them (docs/SCHEDULER.md).

                Exit status: 0 done; 1 a problem with the manifest or the state database (one line on standard \
                error naming the file and the place); 64 a bad option; 130/143 stopped by Ctrl-C / SIGTERM \
                (the events so far are printed in whole lines and the state database holds the last save).
                """)

        @Argument(help: "The app manifest (YAML).")
        var manifest: String

        @Option(
            name: .customLong("for"),
            help: ArgumentHelp("How long to simulate: a number with a unit s, m, h or d, such as 1d or 2h30m.", valueName: "duration"))
        var duration: String?

        @Option(help: ArgumentHelp("When the simulation starts, RFC 3339 (default: 2026-01-01T00:00:00Z).", valueName: "time"))
        var start: String?

        @Option(help: "text: a human timeline; jsonl: the event stream (default: text on a terminal, else jsonl).")
        var format: TimelineFormat?

        @Option(help: "eager: launch within a minute of becoming eligible; realistic: seeded, system-like delays.")
        var policy: PolicyName = .eager

        @Option(help: "The seed of the realistic policy's random delays.")
        var seed: UInt64 = 0

        @Option(help: ArgumentHelp(
            "The app's state database (SQLite, created when missing): pending requests are saved there and restored at the start.",
            valueName: "path"))
        var state: String?

        @Option(help: ArgumentHelp(
            "How the transfers of the tasks' onLaunch: actions happen: simulated (virtual time, the manifest's server: list) or real (HTTP over libcurl while the simulated clock stands still).",
            valueName: "simulated|real"))
        var transfers: TransfersChoice = .simulated

        @OptionGroup var report: ReportOptions

        @OptionGroup var events: EventFilterOptions

        enum PolicyName: String, ExpressibleByArgument, CaseIterable {
            case eager, realistic
        }

        /// The longest run, and the furthest a manifest may look ahead: 100 years.
        static let limit = Duration.seconds(36_500 * 86_400)

        func validate() throws {
            // Optional to the parser, and missing only in run(): ArgumentParser names an unknown option after
            // validate(), and `--bogus x` should hear of --bogus, not of --for.
            guard let duration else { return }
            guard let length = DurationSyntax.parse(duration), length > .zero else {
                throw ValidationError(
                    "--for '\(duration)' is not a duration: expected a number with a unit s, m, h or d, such as 1d or 2h30m.")
            }
            guard length <= Self.limit else {
                throw ValidationError("--for '\(duration)' is too long: at most 36500d (100 years).")
            }
            if let start {
                guard let begin = SimTime(rfc3339: start) else {
                    throw ValidationError("--start '\(start)' is not an RFC 3339 time such as 2026-03-01T09:00:00Z.")
                }
                // The clock's Int64 nanoseconds end in 2262; a manifest may schedule up to 100 years past the end.
                let (_, overflow) = begin.nanosecondsSinceEpoch.addingReportingOverflow((length + Self.limit).nanoseconds)
                guard !overflow else {
                    throw ValidationError(
                        "--start '\(start)' is too late: the simulation must end by 2162 (the emulator's clock ends in 2262, and a manifest may look 100 years ahead).")
                }
            }
        }

        func run() async throws {
            guard let duration else { throw ValidationError("Missing expected argument '--for <duration>'") }
            let format = format ?? .automatic
            let manifest = try AppManifest(contentsOf: manifest)
            var configuration = BGTaskScheduler.Configuration()
            configuration.policy = policy == .eager ? .eager : .realistic(seed: seed)
            let database = try state.map { path throws(InputError) in try AppStateDatabase(path: path) }
            database?.migrationNotice.map(StandardOutput.writeError)
            configuration.taskRequestStore = database
            let begin = try start.flatMap { SimTime(rfc3339: $0) } ?? database?.lastRunEnd() ?? .defaultStart
            let end = begin + DurationSyntax.parse(duration)!
            let events = events.filter
            // Ctrl-C and SIGTERM cancel the run between two events: the output ends with a whole line and the
            // state database holds the last save.
            let reportPath = report.path
            let transfers = transfers
            try await Interruption.run { [configuration] in
                let engine = EventEngine(start: begin)
                let timeline = Timeline(engine: engine)
                // With real transfers each line is out before the next transfer's bytes move, so that a killed
                // run has printed what its state database says is done.
                let summary = TimelinePrinter(format: format, flushEachLine: transfers == .real, events: events).attach(to: timeline)
                let picture = reportPath.map { _ in TimelineReport(title: "bgtask simulate \(manifest.app)") }
                picture?.attach(to: timeline)
                // A manifest that scripts the user or the server (lifecycle:, pushes:) runs as the whole app;
                // otherwise the scheduler runs alone, the app counted as running in the background.
                let scheduler: BGTaskScheduler
                let hosted: [AnyObject]  // kept alive until the run ends
                if manifest.lifecycle.isEmpty && manifest.pushes.isEmpty {
                    let simulator = try AppSimulator(manifest: manifest, engine: engine, timeline: timeline, configuration: configuration)
                    let session = Self.transfers(
                        for: simulator, manifest: manifest, engine: engine, timeline: timeline, choice: transfers,
                        store: configuration.taskRequestStore as? AppStateDatabase)
                    simulator.launch()
                    try session.session.start()
                    (scheduler, hosted) = (simulator.scheduler, [simulator, session])
                } else {
                    let app = try Self.app(
                        manifest: manifest, engine: engine, timeline: timeline, scheduler: configuration, choice: transfers)
                    app.start()
                    (scheduler, hosted) = (app.mode(TaskMode.self)!.simulator.scheduler, [app])
                }
                var steps = 0
                while let next = engine.nextEventTime, next <= end {
                    engine.step()
                    steps += 1
                    if steps % 1024 == 0, Task.isCancelled { return summary.close(RunSummary.stopped) }
                }
                engine.run(until: end)
                try database?.saveRunEnd(end)
                summary.close("--for \(duration) reached at \(TextTimelineRenderer.time(end))")
                withExtendedLifetime(hosted) {}
                if let reportPath { try picture?.write(to: reportPath) }
                let failedSaves = scheduler.failedSaves
                if let first = failedSaves.first, let state = configuration.taskRequestStore as? AppStateDatabase {
                    throw InputError(
                        file: state.path,
                        message: "\(failedSaves.count) save(s) of the pending task requests failed (see the error events); "
                            + "the database holds the last successful save. First failure: \(first)")
                }
            }
        }

        /// The whole emulated app, for a manifest with `lifecycle:` or `pushes:`: the tasks, pushes and
        /// transfers modes (no location; `play:` actions are `error` events, as there is no audio here),
        /// with the scheduler's configuration and the transfers `choice` (keeping pending transfers in the
        /// scheduler's state database).
        static func app(
            manifest: AppManifest, engine: EventEngine, timeline: Timeline, scheduler: BGTaskScheduler.Configuration,
            choice: TransfersChoice
        ) throws -> EmulatedApp {
            var configuration = EmulatedApp.Configuration()
            configuration.scheduler = scheduler
            return try EmulatedApp(
                manifest: manifest, engine: engine, timeline: timeline,
                modes: EmulatedApp.standardModes(location: nil, audio: nil)
                    + [TransferMode(attempts: choice.attempts(live: false), store: scheduler.taskRequestStore as? AppStateDatabase)],
                configuration: configuration)
        }

        /// The app's background session (keeping its pending transfers in `store`, `--state`), for the
        /// transfers of the tasks' `onLaunch:` actions, which it carries out when a task launches (with their
        /// `submit:`): without a lifecycle here, the app counts
        /// as running in the background while its tasks run, so their transfers are discretionary and their
        /// events come at once (no `session.events`).
        static func transfers(
            for simulator: AppSimulator, manifest: AppManifest, engine: EventEngine, timeline: Timeline, choice: TransfersChoice,
            store: (any TransferStore)?
        ) -> AppTransfers {
            let transfers = AppTransfers(
                manifest: manifest, engine: engine, timeline: timeline, attempts: choice.attempts(live: false)(engine, manifest),
                store: store, appState: .background)
            transfers.follow(conditionsOf: simulator.scheduler)
            let launched = simulator.onTaskLaunch
            simulator.onTaskLaunch = { [weak transfers, weak simulator] task in
                launched(task)
                guard let action = manifest.task(task.identifier)?.onLaunch else { return }
                if let identifier = action.submit { simulator?.submit(identifier, trigger: TaskTrigger(.taskLaunch)) }
                transfers?.perform(action)
            }
            return transfers
        }
    }
}
