package import BackgroundCore
package import BackgroundDevice
package import BackgroundTransfers

/// The transfers background mode: the app's background session (``AppTransfers``) inside the emulated app.
///
/// - It creates the transfers of `upload:` and `download:` actions, wherever they stand (a region's or a
///   significant change's action; a task's `onLaunch:`, when the task launches).
/// - The session sees the device's conditions (``EmulatedApp/device``) and the app's state: the
///   resume rate limiter, discretion for transfers created in the background, data tasks. Under
///   `--policy realistic` discretionary transfers follow the device's discretion (`Device.discretion`, which
///   the session asks) instead of waiting for Wi-Fi and external power.
/// - When transfers end while the app is suspended or terminated, the session asks for the app: the mode
///   wakes or relaunches it (a `lifecycle` event whose reason names `session.events`) and hands the app's
///   code a completion handler
///   (``AppCode/application(_:handleEventsForBackgroundURLSession:completionHandler:)``); the session
///   delivers its events (``AppCode/urlSessionDidFinishEvents(_:forBackgroundURLSession:)``), and once the
///   app calls the handler (the manifest's app at once) it is suspended again when nothing else keeps it
///   running.
/// - Pending transfers are kept in the store it is given (`--state`), and carried on at the first launch.
/// - Besides the manifest's session, the app's own code may make background sessions of other identifiers
///   (``session(for:)``, as `URLSession(configuration: .background(withIdentifier:))` does): each is a
///   ``BackgroundSession`` of the system, kept while the device runs (across the app's relaunches), seeing the
///   same network and app state and waking the app with its own identifier.
///
/// ```swift
/// let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline, modes: [TaskMode(), TransferMode()])
/// ```
package final class TransferMode: BackgroundMode {
    /// Makes the performer of the session's attempts, on the app's engine, for its manifest.
    package typealias Attempts = (EventEngine, AppManifest) -> any TransferAttempts

    /// Simulated attempts (the default): no byte moves, a transfer takes its size over the network's
    /// bandwidth on virtual time, and the manifest's `server:` list says what the server answers.
    package static func simulatedAttempts(engine: EventEngine, manifest: AppManifest) -> any TransferAttempts {
        SimulatedTransfers(engine: engine, server: manifest.server)
    }

    /// The session, once the mode is attached.
    package private(set) var transfers: AppTransfers!

    private let attempts: Attempts
    private let store: (any TransferStore)?
    private var rules: SessionRules
    private unowned var app: EmulatedApp?
    /// The sessions the app's code made, by identifier (the manifest's is ``transfers``).
    private var made: [String: BackgroundSession] = [:]
    /// The sessions whose events the app is being woken for, by identifier: whether the session finished
    /// delivering them meanwhile.
    private var launching: [String: Bool] = [:]

    /// Calls `body` with every session: the manifest's, then those the app's code made (as they were before
    /// the first call), by identifier. Called at every change of the app's state: most apps make no session
    /// of their own, and then no list is built.
    private func forEachSession(_ body: (BackgroundSession) -> Void) {
        let others = made.isEmpty ? [] : made.keys.sorted().compactMap { made[$0] }
        body(transfers.session)
        for session in others { body(session) }
    }

    /// A mode whose attempts `attempts` makes (by default simulated, with the manifest's `server:` list),
    /// keeping pending transfers in `store`.
    package init(
        attempts: @escaping Attempts = TransferMode.simulatedAttempts,
        store: (any TransferStore)? = nil, rules: SessionRules = SessionRules()
    ) {
        self.attempts = attempts
        self.store = store
        self.rules = rules
    }

    package func attach(to app: EmulatedApp) throws(InputError) {
        self.app = app
        let transfers = AppTransfers(
            manifest: app.manifest, engine: app.engine, timeline: app.timeline, attempts: attempts(app.engine, app.manifest),
            store: store, rules: rules, discretion: app.device.discretion, appState: app.lifecycle.state)
        self.transfers = transfers
        listen(to: transfers.session)
        transfers.update(conditions: app.device.conditions)
        app.device.addConditionsListener { [unowned self] conditions in
            forEachSession { $0.update(network: NetworkPath(conditions)) }
        }
    }

    /// The background session of `configuration`'s identifier, as the system keeps it for the app: the
    /// manifest's when the identifiers match, else the one the app's code made earlier with that identifier
    /// (its first configuration stays, **the emulator's choice**: iOS expects the same one again), else a new
    /// one on the mode's attempts, store and rules, carrying on what the store kept for it. Nil before the mode
    /// is attached.
    package func session(for configuration: SessionConfiguration) -> BackgroundSession? {
        guard let app else { return nil }
        if configuration.identifier == transfers.session.configuration.identifier { return transfers.session }
        if let session = made[configuration.identifier] { return session }
        let session = BackgroundSession(
            configuration: configuration, engine: app.engine, timeline: app.timeline, attempts: attempts(app.engine, app.manifest),
            store: store, rules: rules, discretion: app.device.discretion, network: NetworkPath(app.device.conditions),
            appState: app.lifecycle.state)
        made[configuration.identifier] = session
        listen(to: session)
        do throws(InputError) {
            try session.start()
        } catch {
            app.timeline.record(.error(message: error.description, code: "state"))
        }
        return session
    }

    private func listen(to session: BackgroundSession) {
        let identifier = session.configuration.identifier
        session.addEventListener { [unowned self] event in handle(event, of: identifier) }
    }

    /// The first launch carries on the transfers the store kept.
    package func appDidFinishLaunching(first: Bool) {
        guard first, let app else { return }
        do throws(InputError) {
            try transfers.session.start()
        } catch {
            app.timeline.record(.error(message: error.description, code: "state"))
        }
    }

    package func appDidChange(from: LifecycleState, to: LifecycleState) {
        forEachSession { $0.appDidChange(to: to) }
    }

    /// Creates the transfers of the action's `upload:` and `download:`.
    package func perform(_ action: ManifestAction, trigger: ActionTrigger) {
        transfers.perform(action)
    }

    /// Settled when no transfer is pending and no wake is due.
    package var isSettled: Bool { transfers.session.isSettled && made.values.allSatisfy(\.isSettled) }

    /// The user force-quit the app: every transfer fails with `userForceQuitApplication` (downloads keep
    /// their resume data), and the session relaunches the app no more until the user opens it.
    package func appWasForceQuit() {
        forEachSession { $0.forceQuit() }
    }

    /// A restart lifts a force quit's block on the session's relaunches only with
    /// ``EmulatedApp/Configuration/rebootLiftsForceQuit`` (off by default; docs/DEVICE.md).
    package func deviceDidChange(_ event: DeviceEvent) {
        if event == .reboot, app?.configuration.rebootLiftsForceQuit == true { forEachSession { $0.deviceRestarted() } }
    }

    private func handle(_ event: SessionEvent, of identifier: String) {
        guard let app else { return }
        switch event {
        case .launchApp:
            // The session may deliver its events while the app wakes: the app hears of them after it was
            // handed the completion handler, as on iOS. A handler never called keeps the app running for the
            // background time at most (**the emulator's choice**; Apple states no limit).
            launching[identifier] = false
            let activity = AppLifecycle.Activity.sessionEvents(identifier)
            app.lifecycle.begin(
                activity, reason: "session.events \(identifier)", for: app.lifecycle.configuration.backgroundTaskTime,
                ending: "the app did not call the completion handler of its session's events")
            app.code.application(app, handleEventsForBackgroundURLSession: identifier) { [unowned app] in
                // Then it may be suspended.
                app.lifecycle.end(activity, reason: "the app called the completion handler of its session's events")
            }
            let finished = launching.removeValue(forKey: identifier) == true
            if finished { app.code.urlSessionDidFinishEvents(app, forBackgroundURLSession: identifier) }
        case .didFinishEvents:
            if launching[identifier] != nil { return launching[identifier] = true }
            app.code.urlSessionDidFinishEvents(app, forBackgroundURLSession: identifier)
        case .taskIsWaitingForConnectivity, .didFinishDownloading, .didComplete:
            break
        }
    }
}

extension AppLifecycle.Activity {
    /// The app handles the events of its background session `identifier` (`handleEventsForBackgroundURLSession`).
    package static func sessionEvents(_ identifier: String) -> Self {
        Self("transfers.sessionEvents.\(identifier)", description: "background session events")
    }
}
