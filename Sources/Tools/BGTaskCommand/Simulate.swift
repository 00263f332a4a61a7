import ArgumentParser
import BackgroundApp
import BackgroundCore
import BackgroundDevice
import BackgroundPopulation
import BackgroundReport
import BackgroundState
import BackgroundScheduler
import BackgroundTransfers
import CommandLineSupport

extension BGTaskTool {
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

                The manifest runs as the whole emulated app (its lifecycle, tasks, audio, pushes and \
                transfers; location when visits: move the user, as no trace does): a task's play: plays its \
                clip on virtual time. A manifest with neither usage: nor pushes: has no user to open the app: \
                it is launched into the background and kept running there, its process state not shown until \
                a lifecycle: step acts on it (lifecycle: never changes the first launch). The manifest's format is described in docs/MANIFEST.md, the scheduler's rules in \
                docs/SCHEDULER.md.

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
            help: ArgumentHelp("How long to simulate: a number with a unit s, m, h or d, such as 1d or 2h30m (a bare number is seconds).", valueName: "duration"))
        var duration: DurationArgument?

        @Option(help: ArgumentHelp("When the simulation starts, RFC 3339 (default: 2026-01-01T00:00:00Z).", valueName: "time"))
        var start: String?

        @Option(help: "text: a human timeline; jsonl: the event stream (default: text on a terminal, else jsonl).")
        var format: TimelineFormat?

        @Option(help: "eager: launch within a minute of becoming eligible; realistic: the system's discretion (usage, battery, budget, rate limit).")
        var policy: PolicyName = .eager

        @Option(help: "The seed of the realistic policy's random delays and of the usage opens' jitter.")
        var seed: UInt64 = 0

        @Option(help: ArgumentHelp(
            "When the run ends, write its summary (JSON: launches, content age at open, push delays, transfer latencies; docs/POPULATION.md) to this file.",
            valueName: "path"))
        var summary: String?

        @Option(help: ArgumentHelp(
            "Simulate this many users (with --policy realistic), each with a seed of its own and a profile drawn from population:, and print the distribution instead of a timeline.",
            valueName: "n"))
        var users: Int?

        @Option(help: ArgumentHelp(
            "With --users: run only the users i with i mod N = K-1, for bgtask merge (a Slurm array task: --shard $SLURM_ARRAY_TASK_ID/N).",
            valueName: "K/N"))
        var shard: String?

        @OptionGroup(title: "App options") var app: AppOptions

        @OptionGroup var report: ReportOptions

        @OptionGroup var events: EventFilterOptions

        enum PolicyName: String, ExpressibleByArgument, CaseIterable {
            case eager, realistic
        }

        func validate() throws {
            // Optional to the parser, and missing only in run(): ArgumentParser names an unknown option after
            // validate(), and `--bogus x` should hear of --bogus, not of --for.
            guard let duration else { return }
            try duration.requirePositive("--for")
            try validatePopulation()
            if let summary { try ReportOptions.checkWritable(summary, option: "--summary", expected: "a .json file") }
            if let start {
                guard let begin = SimTime(rfc3339: start) else {
                    throw ValidationError("--start '\(start)' is not an RFC 3339 time such as 2026-03-01T09:00:00Z.")
                }
                // The clock's Int64 nanoseconds end in 2262; a manifest may schedule up to 100 years past the end.
                let (_, overflow) = begin.nanosecondsSinceEpoch.addingReportingOverflow((duration.value + DurationArgument.limit).nanoseconds)
                guard !overflow else {
                    throw ValidationError(
                        "--start '\(start)' is too late: the simulation must end by 2162 (the emulator's clock ends in 2262, and a manifest may look 100 years ahead).")
                }
            }
        }

        func run() async throws {
            try await run(recipe: .standard)
        }

        /// The run with the app `recipe` makes; `observe` sees the timeline before the app starts (a test
        /// keeps its events there).
        func run(recipe: AppRecipe, observe: @escaping @Sendable (Timeline) -> Void = { _ in }) async throws {
            guard let duration else { throw ValidationError("Missing expected argument '--for <duration>'") }
            let format = format ?? .automatic
            let manifestPath = manifest
            let manifest = try recipe.manifest(contentsOf: manifest)
            var options = try app.resolved()
            options.configuration.scheduler.policy = policy == .eager ? .eager : .realistic(seed: seed)
            options.configuration.seed = seed
            // With --state and no --start, the run starts where the last one kept in that state ended.
            let begin = try start.flatMap { SimTime(rfc3339: $0) } ?? options.state?.lastRunEnd() ?? .defaultStart
            let end = begin + duration.value
            let events = events.filter
            for note in manifest.locationSectionsNotRun(hasLocationSource: false) { StandardOutput.writeError("bgtask simulate: \(note)") }
            options.configuration.chooseLaunch(for: manifest)
            let run = try SummaryDocument.Run(
                length: DurationSyntax.format(end - begin), policy: policy.rawValue, seed: seed, app: manifest.app,
                manifest: SummaryDocument.digest(of: Self.bytes(ofManifest: manifestPath)), population: users)
            if let users {
                let population = PopulationRun(
                    recipe: recipe, manifest: manifest, start: begin, end: end, seed: seed, users: users, shard: shard.flatMap { try? Shard.parse($0).get() })
                let (summaryPath, reportPath) = (summary, report.path)
                return try await Interruption.run { [options] in
                    try await Self.runPopulation(population, run: run, options: options, summary: summaryPath, report: reportPath)
                }
            }
            // Ctrl-C and SIGTERM cancel the run between two events: the output ends with a whole line and the
            // state database holds the last save.
            let reportPath = report.path
            let summaryPath = summary
            try await Interruption.run { [options] in
                let engine = EventEngine(start: begin)
                let printer = TimelinePrinter(format: format, flushEachLine: options.flushesEachLine, events: events)
                let picture = reportPath.map { _ in TimelineReport(title: "bgtask simulate \(manifest.app)") }
                let statistics = StatisticsListener(tasks: manifest.tasks.map(\.identifier), start: begin)
                var summary: RunSummary!
                var appRun = AppRun(recipe: recipe, manifest: manifest, options: options.recipeOptions(location: nil, live: false))
                appRun.sinks = [{ summary = printer.attach(to: $0) }, { picture?.attach(to: $0) }, statistics.attach(to:), observe]
                appRun.followers = [statistics.follow]
                let app = try appRun.start(on: engine, timeline: appRun.timeline(on: engine))
                do {
                    try await Self.drive(engine, until: end)
                } catch {
                    summary.close(RunSummary.stopped)
                    throw error
                }
                engine.run(until: end)
                try options.state?.saveRunEnd(end)
                let document = SummaryDocument(run: run, statistics: statistics.statistics(at: end))
                if format == .text { document.oneUserLines.forEach(StandardOutput.writeLine) }
                summary.close("--for \(duration.text) reached at \(TextTimelineRenderer.time(end))")
                try summaryPath.map(document.write(to:))
                if let reportPath { try picture?.write(to: reportPath) }
                try Self.checkSaves(of: app, state: options.state)
            }
        }

        /// Runs `engine` on virtual time to `end`; a run longer than a second shows the simulated time it has
        /// reached on standard error when that is a terminal and the timeline is not going to one.
        static func drive(_ engine: EventEngine, until end: SimTime) async throws {
            let progress = ProgressLine(enabled: StandardOutput.errorIsTerminal && !StandardOutput.outputIsTerminal)
            defer { progress.finish() }
            var instants = 0
            try await EngineRun(engine: engine).run(until: end) {
                instants &+= 1
                if instants % 4096 == 0 { progress.show { "simulated to \(TextTimelineRenderer.time(engine.now))" } }
                return true
            }
        }

        /// Throws when a save of the pending task requests failed during the run.
        static func checkSaves(of app: EmulatedApp, state: AppStateDatabase?) throws {
            guard let failedSaves = app.mode(TaskMode.self)?.scheduler.failedSaves, let first = failedSaves.first,
                  let state else { return }
            throw InputError(
                file: state.path,
                message: "\(failedSaves.count) save(s) of the pending task requests failed (see the error events); "
                    + "the database holds the last successful save. First failure: \(first)")
        }
    }
}
