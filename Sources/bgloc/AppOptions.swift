import ALSAAudio
import ArgumentParser
import BGTaskCommand
import BackgroundApp
import BackgroundCore
import BackgroundLocation
import BackgroundState
import BackgroundTasks
import CommandLineSupport

/// `--app MANIFEST` and the emulated device's options, shared by `replay` and `live` (CONTRACTS.md §4,
/// docs/DEVICE.md).
struct AppOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Run inside an emulated app described by a manifest: region and significant-change events drive its actions and tasks.",
        valueName: "manifest"))
    var app: String?

    @Option(name: .customLong("background-grace"), help: ArgumentHelp(
        "--app: how long the app keeps running after it leaves the foreground without a background task of its own (default 5s).",
        valueName: "duration"))
    var backgroundGrace: String?

    @Option(name: .customLong("wake-window"), help: ArgumentHelp(
        "--app: how long a region or significant-change event keeps a suspended app running (default 10s).",
        valueName: "duration"))
    var wakeWindow: String?

    @Option(name: .customLong("command-timeout"), help: ArgumentHelp(
        "--app: the wall-clock limit of a task's run: command (default: 30s for refresh, 10m for processing tasks).",
        valueName: "duration"))
    var commandTimeout: String?

    @Option(name: .customLong("kill-after"), help: ArgumentHelp(
        "--app: time between SIGTERM and SIGKILL for a command past its limit (default 2s).", valueName: "duration"))
    var killAfter: String?

    @Option(name: .customLong("task-log"), help: ArgumentHelp(
        "--app: append the output of run: commands to this file instead of stderr.", valueName: "file"))
    var taskLog: String?

    @Option(name: .customLong("audio-device"), help: ArgumentHelp(
        "--app: play the app's clips on this ALSA device instead of the manifest's (null: silently).", valueName: "pcm"))
    var audioDevice: String?

    @Option(help: ArgumentHelp(
        "live --app: the device conditions the tasks wait for: the machine's own power and network (sysfs), or the manifest's conditions: timeline (default: the manifest's when it has one, else the machine's).",
        valueName: "machine|manifest"))
    var conditions: ConditionsSource?

    /// `--conditions machine|manifest`.
    enum ConditionsSource: String, ExpressibleByArgument, CaseIterable {
        case machine, manifest
    }

    @Option(help: ArgumentHelp(
        "--app: the app's state database (SQLite, created when missing): its pending task requests (and transfers) are saved there and restored at the start.",
        valueName: "path"))
    var state: String?

    @Option(help: ArgumentHelp(
        "--app: how the app's background transfers happen: simulated (virtual time, the manifest's server: list) or real (HTTP over libcurl) (default: simulated for replay, real for live).",
        valueName: "simulated|real"))
    var transfers: TransfersChoice?

    @Option(help: ArgumentHelp(
        "replay --app: after the last fix, run on while the app has something to do, at most this long (default 10m).", valueName: "duration"))
    var linger: String?

    func validate() throws {
        let given = [
            ("--background-grace", backgroundGrace), ("--wake-window", wakeWindow), ("--command-timeout", commandTimeout),
            ("--kill-after", killAfter), ("--linger", linger),
        ]
        for case let (name, value?) in given {
            guard app != nil else { throw ValidationError("\(name) needs --app MANIFEST") }
            guard DurationSyntax.parse(value) != nil else {
                throw ValidationError(
                    "\(name) '\(value)': expected a duration, a number with a unit s, m, h or d, such as 30s or 2m")
            }
        }
        if taskLog != nil && app == nil { throw ValidationError("--task-log needs --app MANIFEST") }
        if audioDevice != nil && app == nil { throw ValidationError("--audio-device needs --app MANIFEST") }
        if conditions != nil && app == nil { throw ValidationError("--conditions needs --app MANIFEST") }
        if state != nil && app == nil { throw ValidationError("--state needs --app MANIFEST") }
        if transfers != nil && app == nil { throw ValidationError("--transfers needs --app MANIFEST") }
        if let commandTimeout, DurationSyntax.parse(commandTimeout)! <= .zero {
            throw ValidationError("--command-timeout '\(commandTimeout)': expected a duration greater than 0")
        }
    }

    /// The options as plain values, or nil without `--app`; opens the state database (`--state`), saying
    /// on stderr when it migrated a JSON state file.
    ///
    /// - Throws: ``InputError`` when the state database cannot be opened.
    func resolved() throws -> Resolved? {
        guard let app else { return nil }
        let database = try state.map(AppStateDatabase.init(path:))
        database?.migrationNotice.map(StandardOutput.writeError)
        var configuration = EmulatedApp.Configuration()
        if let value = backgroundGrace.flatMap(DurationSyntax.parse) { configuration.lifecycle.backgroundGrace = value }
        if let value = wakeWindow.flatMap(DurationSyntax.parse) { configuration.lifecycle.wakeWindow = value }
        configuration.commands.timeLimit = commandTimeout.flatMap(DurationSyntax.parse)
        if let value = killAfter.flatMap(DurationSyntax.parse) { configuration.commands.killGrace = value }
        configuration.commands.log = taskLog
        configuration.audioDevice = audioDevice
        configuration.scheduler.taskRequestStore = database
        return Resolved(
            manifest: app, configuration: configuration, state: database,
            linger: linger.flatMap(DurationSyntax.parse) ?? .seconds(600), conditions: conditions, transfers: transfers)
    }

    /// The options as plain values that can cross into the interruptible task.
    struct Resolved: Sendable {
        var manifest: String
        var configuration: EmulatedApp.Configuration
        /// The app's state database (`--state`), already the scheduler's store; the transfer session's
        /// `TransferStore` too.
        var state: AppStateDatabase?
        /// How long a replay goes on after its last fix.
        var linger: Duration

        /// `--conditions`, for `live` (a replay always follows the manifest's timeline).
        var conditions: ConditionsSource?
        /// `--transfers`; nil: simulated in a replay, real live.
        var transfers: TransfersChoice?

        /// The app of `manifest` (nil: read from the option's file) on `engine` and `timeline`, hosting
        /// `location` and the other standard modes, started: clips play on ALSA (`null` silently). In a live
        /// run the conditions come from the machine unless `--conditions manifest` or the manifest has a
        /// timeline.
        func start(
            _ manifest: AppManifest? = nil, engine: EventEngine, timeline: Timeline, location: LocationManager, live: Bool = false
        ) throws -> EmulatedApp {
            let manifest = try manifest ?? AppManifest(contentsOf: self.manifest)
            var configuration = configuration
            if live, (conditions ?? (manifest.conditions.isEmpty ? .machine : .manifest)) == .machine {
                configuration.conditions = .machine()
            }
            let audio = EmulatedApp.Audio(
                output: { ALSAOutput(device: $0, deviceOption: "--audio-device") }, open: AudioFile.open)
            let attempts = (transfers ?? (live ? .real : .simulated)).attempts(live: live)
            // The location monitors' conditions are kept with the rest of the app's state.
            if let state { location.monitorStore = state }
            let app = try EmulatedApp(
                manifest: manifest, engine: engine, timeline: timeline,
                modes: EmulatedApp.standardModes(location: location, audio: audio) + [TransferMode(attempts: attempts, store: state)],
                configuration: configuration)
            app.start()
            return app
        }
    }
}
