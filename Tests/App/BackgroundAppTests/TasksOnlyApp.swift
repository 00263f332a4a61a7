import BackgroundApp
import BackgroundCore

/// A manifest's tasks alone, as `bgtask simulate` runs a manifest without `lifecycle:`: the app kept in the
/// background (or launched by the user, `launch`) with the tasks mode only, run for `length` (what `TaskHost`
/// ran before the app seam).
func runTasksOnly(
    _ manifest: AppManifest, on engine: EventEngine, timeline: Timeline, for length: Duration,
    commands: EmulatedApp.Commands = EmulatedApp.Commands(), launch: EmulatedApp.Configuration.Launch = .keptInBackground
) throws {
    var configuration = EmulatedApp.Configuration()
    configuration.launch = launch
    configuration.commands = commands
    let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline, modes: [TaskMode()], configuration: configuration)
    app.start()
    withExtendedLifetime(app) { engine.run(until: engine.now + length) }
}
