package import BackgroundAudio
package import BackgroundCore
package import BackgroundLocation

/// The app's code a manifest describes: its handler keys as one implementation of ``AppCode``. The tasks'
/// `work:`, `run:`, `onLaunch:`, `resubmit:`, `onExpiration:` and `register:`, `submitAtLaunch:`, the
/// push's `onPush:`, the VoIP push's `onVoIPPush:` (`work:`, `reportCall:`), the legacy fetch's `work:`
/// and `result:`, the regions' `onEnter:` and `onExit:` and `significantChange:`, the audio's
/// `remoteCommands:` are read here and nowhere else: the modes call the app through ``AppCode`` and see
/// only what this code does back — registrations and submissions on the scheduler, actions carried out by
/// the modes (``EmulatedApp/perform(_:trigger:)``), completion handlers called or not.
///
/// Every ``EmulatedApp`` made without code of its own runs this one (``EmulatedApp/code``).
///
/// ```swift
/// let app = try AppRecipe.standard.app(manifest, engine: engine, timeline: timeline)
/// app.code is ManifestApp     // true
/// ```
///
/// - Warning: Called on the engine's owner only, like the app.
package final class ManifestApp: AppCode {
    /// The app, from its first launch on.
    unowned var app: EmulatedApp?
    /// Where `run:` commands write, opened once (the task log, or stderr).
    let log: CommandLog
    /// The work under way of the push handlers, the VoIP handlers and the fetch handler: it ends with the process.
    var pushWork: [Int: EventID] = [:]
    var voipWork: [Int: EventID] = [:]
    var fetchWork: EventID?
    /// The completion handlers of the background session's events, by session, until its events are delivered.
    var sessionEventHandlers: [String: () -> Void] = [:]
    /// The manifest's `onPush:` and regions, read at the first push or region event and kept: looking a section
    /// up casts it out of the manifest's `any ManifestSection`, at every push and region event of every user.
    var onPush: PushHandler?
    private var regions: [ManifestRegion]?

    /// The code, writing its commands' output as `commands` says.
    ///
    /// - Throws: ``InputError`` when the commands' log cannot be opened.
    package init(commands: EmulatedApp.Commands = EmulatedApp.Commands()) throws(InputError) {
        log = try CommandLog(path: commands.log)
    }

    /// Registers the task handlers (`register: atLaunch`, the first time) and submits `submitAtLaunch:`;
    /// the `register: afterLaunch` handlers follow once the launch has finished (the exception that
    /// crashes the app on iOS).
    package func applicationDidFinishLaunching(_ app: EmulatedApp, first: Bool) {
        self.app = app
        launchTasks(first: first)
    }

    /// The process ends: the handlers' work under way ends with it.
    package func applicationWillTerminate(_ app: EmulatedApp) {
        for work in Array(pushWork.values) + Array(voipWork.values) + (fetchWork.map { [$0] } ?? []) { app.engine.cancel(work) }
        pushWork.removeAll()
        voipWork.removeAll()
        fetchWork = nil
    }

    // MARK: Background transfers

    /// Keeps the completion handler until the session has delivered its events.
    package func application(
        _ app: EmulatedApp, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void
    ) {
        sessionEventHandlers[identifier] = completionHandler
    }

    /// The manifest's app has nothing more to do with the events: it calls the completion handler it kept,
    /// once the session's delegate call has returned.
    package func urlSessionDidFinishEvents(_ app: EmulatedApp, forBackgroundURLSession identifier: String) {
        guard let handler = sessionEventHandlers.removeValue(forKey: identifier) else { return }
        app.engine.schedule(at: app.engine.now) { handler() }
    }

    // MARK: Location

    /// The region's `onEnter:` action, with the trigger `enter`.
    package func locationManager(_ manager: LocationManager, didEnterRegion region: CircularRegion, at fix: LocationFix) {
        let action = manifestRegion(region.identifier)?.onEnter
        perform(action, trigger: ActionTrigger(.enter, region: region.identifier, latitude: fix.latitude, longitude: fix.longitude))
    }

    /// The region's `onExit:` action, with the trigger `exit`.
    package func locationManager(_ manager: LocationManager, didExitRegion region: CircularRegion, at fix: LocationFix) {
        let action = manifestRegion(region.identifier)?.onExit
        perform(action, trigger: ActionTrigger(.exit, region: region.identifier, latitude: fix.latitude, longitude: fix.longitude))
    }

    /// `significantChange:`'s action, with the trigger `significantChange`.
    package func locationManager(_ manager: LocationManager, didReceiveSignificantChange fix: LocationFix) {
        guard let app else { return }
        perform(app.manifest.significantChange, trigger: ActionTrigger(.significantChange, latitude: fix.latitude, longitude: fix.longitude))
    }

    /// The manifest's region `identifier`.
    private func manifestRegion(_ identifier: String) -> ManifestRegion? {
        guard let app else { return nil }
        let regions = regions ?? app.manifest.regions
        self.regions = regions
        return regions.first { $0.id == identifier }
    }

    // MARK: Audio

    /// The command's `remoteCommands:` entry: what a player does to the clip playing (`player`, the
    /// default), nothing (`ignore`), or an action with the trigger `remote`.
    package func remoteCommandCenter(_ app: EmulatedApp, didReceive command: RemoteCommand) {
        switch app.manifest.audio?.remoteCommands[command.name] ?? .player {
        case .ignore:
            break
        case .action(let action):
            app.trigger(action, by: ActionTrigger(.remote, source: command.name), reason: "remote command \(command.name)")
        case .player:
            app.mode(AudioMode.self)?.player?.perform(command)
        }
    }

    /// Has the modes carry out `action`, if there is one.
    func perform(_ action: ManifestAction?, trigger: ActionTrigger) {
        guard let action, let app else { return }
        app.perform(action, trigger: trigger)
    }
}
