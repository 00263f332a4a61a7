import ALSAAudio
import BackgroundAudio
import MPRIS
package import ArgumentParser
package import BackgroundApp
import BackgroundCore
package import BackgroundLocation
package import BackgroundState
import BackgroundScheduler
package import CommandLineSupport

/// The emulated app's and device's options, declared once and accepted by every command that runs an app:
/// `bgloc replay --app`, `bgloc live --app` and `bgtask simulate` (CONTRACTS.md §4, docs/DEVICE.md). What
/// only one command takes stays with it (`--linger` with replay, `--conditions` with live, `--policy` with
/// simulate).
package struct AppOptions: ParsableArguments {
    @Option(name: .customLong("background-grace"), help: ArgumentHelp(
        "How long the app keeps running after it leaves the foreground without a background task of its own (default 5s).",
        valueName: "duration"))
    package var backgroundGrace: DurationArgument?

    @Option(name: .customLong("wake-window"), help: ArgumentHelp(
        "How long a region or significant-change event keeps a suspended app running (default 10s).",
        valueName: "duration"))
    package var wakeWindow: DurationArgument?

    @Option(name: .customLong("command-timeout"), help: ArgumentHelp(
        "The wall-clock limit of a task's run: command (default: 30s for refresh, 10m for processing tasks).",
        valueName: "duration"))
    package var commandTimeout: DurationArgument?

    @Option(name: .customLong("kill-after"), help: ArgumentHelp(
        "Time between SIGTERM and SIGKILL for a command past its limit (default 2s).", valueName: "duration"))
    package var killAfter: DurationArgument?

    @Option(name: .customLong("cpu-limit"), help: ArgumentHelp(
        "The CPU a run: command may use in the background, a share of one CPU over a window (default 80%/60s, as iOS's crash reports state it); over it the app is killed.",
        valueName: "percent/duration"))
    package var cpuLimit: String?

    @Option(name: .customLong("task-log"), help: ArgumentHelp(
        "Append the output of run: commands to this file instead of stderr.", valueName: "file"))
    package var taskLog: String?

    @Option(name: .customLong("audio-device"), help: ArgumentHelp(
        "Play the app's clips on this ALSA device instead of the manifest's (null: silently).", valueName: "pcm"))
    package var audioDevice: String?

    @Option(help: ArgumentHelp(
        "The app's state database (SQLite, created when missing): its pending task requests (and transfers) are saved there and restored at the start.",
        valueName: "path"))
    package var state: String?

    @Option(help: ArgumentHelp(
        "How the app's background transfers happen: simulated (virtual time, the manifest's server: list) or real (HTTP over libcurl) (default: real for live, else simulated).",
        valueName: "simulated|real"))
    package var transfers: TransfersChoice?

    package init() {}

    package func validate() throws {
        if let cpuLimit, CPULimit(parsing: cpuLimit) == nil {
            throw ValidationError("--cpu-limit '\(cpuLimit)': expected a percentage above 0 and at most 100, a slash and a duration, such as 80%/60s")
        }
        try commandTimeout?.requirePositive("--command-timeout")
    }

    /// The options given, by name, for a command where they need `--app`.
    package var given: [String] {
        let all: [(String, Bool)] = [
            ("--background-grace", backgroundGrace != nil), ("--wake-window", wakeWindow != nil),
            ("--command-timeout", commandTimeout != nil), ("--kill-after", killAfter != nil), ("--cpu-limit", cpuLimit != nil),
            ("--task-log", taskLog != nil),
            ("--audio-device", audioDevice != nil), ("--state", state != nil), ("--transfers", transfers != nil),
        ]
        return all.filter(\.1).map(\.0)
    }

    /// The options as plain values; opens the state database (`--state`), saying on stderr when it
    /// migrated a JSON state file.
    ///
    /// - Throws: ``InputError`` when the state database cannot be opened.
    package func resolved() throws -> Resolved {
        let database = try state.map(AppStateDatabase.init(path:))
        database?.migrationNotice.map(StandardOutput.writeError)
        var configuration = EmulatedApp.Configuration()
        if let backgroundGrace { configuration.lifecycle.backgroundGrace = backgroundGrace.value }
        if let wakeWindow { configuration.lifecycle.wakeWindow = wakeWindow.value }
        configuration.commands.timeLimit = commandTimeout?.value
        if let killAfter { configuration.commands.killGrace = killAfter.value }
        if let value = cpuLimit.flatMap(CPULimit.init(parsing:)) { configuration.commands.cpuLimit = value }
        configuration.commands.log = taskLog
        configuration.audioDevice = audioDevice
        configuration.scheduler.taskRequestStore = database
        return Resolved(configuration: configuration, state: database, transfers: transfers)
    }

    /// The options as plain values that can cross into the interruptible task.
    package struct Resolved: Sendable {
        /// The app's and device's configuration; a command adds its own choices (`--policy`, `--conditions`).
        package var configuration: EmulatedApp.Configuration
        /// The app's state database (`--state`), already the scheduler's store; the transfer session's
        /// `TransferStore` and the location monitors' store too.
        package var state: AppStateDatabase?
        /// `--transfers`; nil: real live, else simulated.
        package var transfers: TransfersChoice?

        /// The recipe's options for a run: clips play on ALSA (`null` silently), transfers as `--transfers`
        /// says (by default real when `live`), pending transfers and the location monitors' conditions kept in
        /// the state database. `location`: the manager a trace or gpsd feeds (nil: no location mode).
        package func recipeOptions(location: LocationManager?, live: Bool) -> AppRecipe.Options {
            var options = AppRecipe.Options()
            options.configuration = configuration
            options.location = location
            var audio = EmulatedApp.Audio(output: { ALSAOutput(device: $0, deviceOption: "--audio-device") }, open: AudioFile.open, tags: AudioFile.tags)
            if live { audio.remote = { identity, commands in Self.publishOverMPRIS(identity, commands) } }
            options.audio = audio
            options.transferAttempts = (transfers ?? (live ? .real : .simulated)).attempts(live: live)
            options.transferStore = state
            if let state, let location { location.monitorStore = state }
            return options
        }

        /// A live app's Now Playing and remote commands: an MPRIS player on the session bus when there is one
        /// (docs/AUDIO.md, "Remote control"); a bus that fails is said once on standard error.
        private static func publishOverMPRIS(_ identity: String, _ commands: @escaping @Sendable (RemoteCommand) -> Void) -> (any NowPlayingPublisher)? {
            do {
                return try MPRISPlayer.publish(identity: identity, commands: commands)
            } catch {
                StandardOutput.writeError("bgloc: no remote control over MPRIS: \(error)")
                return nil
            }
        }

        /// With real transfers each line is out before the next transfer's bytes move, so that a killed run
        /// has printed what its state database says is done.
        package var flushesEachLine: Bool { transfers == .real }
    }
}
