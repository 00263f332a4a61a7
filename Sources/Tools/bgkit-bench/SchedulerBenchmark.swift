import BackgroundApp
import BackgroundCore
import BackgroundDevice
import BackgroundScheduler

/// A year of an app's background tasks on virtual time: a 15-minute refresh loop and three processing
/// tasks that resubmit themselves, under conditions that change six times a day (night on the charger,
/// a commute with a tunnel, Low Power Mode at lunch). Prints the CPU and wall time of the whole year
/// (scaled to a year when run for fewer days: `bgkit-bench scheduler [DAYS]`) and the launches.
enum SchedulerBenchmark {
    static func run(_ arguments: [String]) throws {
        let days = arguments.first.flatMap(Int.init) ?? 365
        var conditions: [ScriptedConditions.Entry] = []
        func at(_ day: Int, _ hours: Double, _ change: ConditionsChange) {
            conditions.append(.init(offset: .seconds(Int64(day) * 86_400 + Int64(hours * 3600)), change: change))
        }
        for day in 0..<days {
            at(day, 0, ConditionsChange(network: .wifi, power: .charging, idle: true))
            at(day, 7, ConditionsChange(power: .battery, idle: false))
            at(day, 8.3, ConditionsChange(network: DeviceConditions.Network.none))
            at(day, 8.6, ConditionsChange(network: .cellular))
            at(day, 12, ConditionsChange(lowPower: true))
            at(day, 13, ConditionsChange(network: .wifi, lowPower: false))
        }
        let uploads = ["upload", "backup", "index"]
        var manifest = AppManifest(
            file: "benchmark", app: "com.example.bench", backgroundModes: ["fetch", "processing"],
            permittedIdentifiers: ["refresh"] + uploads)
        manifest[TaskSection.self] = TaskSection(
            tasks: [ManifestTask(identifier: "refresh", kind: .refresh, earliestBegin: .seconds(900),
                                 work: .simulated(.seconds(4)), resubmit: true)]
                + uploads.map {
                    ManifestTask(identifier: $0, kind: .processing, earliestBegin: .seconds(3600),
                                 work: .simulated(.seconds(600)), resubmit: true, requiresNetwork: true,
                                 requiresExternalPower: true)
                },
            submitAtLaunch: ["refresh"] + uploads, conditions: conditions)

        let run = CountingRun(counting: "task.launched")
        // The app as `bgtask simulate` runs a manifest without lifecycle: kept in the background, tasks only.
        var configuration = EmulatedApp.Configuration()
        configuration.launch = .keptInBackground
        let app = try EmulatedApp(manifest: manifest, engine: run.engine, timeline: run.timeline, modes: [TaskMode()], configuration: configuration)
        app.start()
        withExtendedLifetime(app) { run.engine.run(until: .defaultStart + .seconds(Int64(days) * 86_400)) }
        let seconds = run.wallSeconds
        let cpuSeconds = run.cpuSeconds
        let launches = run.count
        precondition(launches > days * 80, "the benchmark's app barely ran: \(launches) launches")
        print("scheduler.year_cpu_seconds\t\(cpuSeconds * 365 / Double(days))\ts")
        print("scheduler.year_wall_seconds\t\(seconds * 365 / Double(days))\ts")
        print("scheduler.year_launches\t\(launches * 365 / days)\tlaunches")
    }
}
