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
    private let rules: SessionRules
    private weak var app: EmulatedApp?
    /// Whether the app is being woken for the session's events, and whether the session finished them meanwhile.
    private var launching = Launching.idle

    private enum Launching: Equatable {
        case idle
        case launching(finished: Bool)
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
        transfers.session.addEventListener { [weak self] event in self?.handle(event) }
        transfers.update(conditions: app.device.conditions)
        app.device.addConditionsListener { [weak transfers] in transfers?.update(conditions: $0) }
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
        transfers.session.appDidChange(to: to)
    }

    /// Creates the transfers of the action's `upload:` and `download:`.
    package func perform(_ action: ManifestAction, trigger: ActionTrigger) {
        transfers.perform(action)
    }

    /// Settled when no transfer is pending and no wake is due.
    package var isSettled: Bool { transfers.session.isSettled }

    /// The user force-quit the app: every transfer fails with `userForceQuitApplication` (downloads keep
    /// their resume data), and the session relaunches the app no more until the user opens it.
    package func appWasForceQuit() {
        transfers.session.forceQuit()
    }

    /// A restart lifts a force quit's block on the session's relaunches only with
    /// ``EmulatedApp/Configuration/rebootLiftsForceQuit`` (off by default; docs/DEVICE.md).
    package func deviceDidChange(_ event: DeviceEvent) {
        if event == .reboot, app?.configuration.rebootLiftsForceQuit == true { transfers.session.deviceRestarted() }
    }

    private func handle(_ event: SessionEvent) {
        guard let app else { return }
        switch event {
        case .launchApp:
            // The session may deliver its events while the app wakes: the app hears of them after it was
            // handed the completion handler, as on iOS.
            let identifier = transfers.session.configuration.identifier
            launching = .launching(finished: false)
            app.lifecycle.begin(.sessionEvents, reason: "session.events \(identifier)")
            app.code.application(app, handleEventsForBackgroundURLSession: identifier) { [weak app] in
                // Then it may be suspended.
                app?.lifecycle.end(.sessionEvents, reason: "the app called the completion handler of its session's events")
            }
            let finished = launching == .launching(finished: true)
            launching = .idle
            if finished { app.code.urlSessionDidFinishEvents(app, forBackgroundURLSession: identifier) }
        case .didFinishEvents:
            if case .launching = launching { return launching = .launching(finished: true) }
            app.code.urlSessionDidFinishEvents(app, forBackgroundURLSession: transfers.session.configuration.identifier)
        case .taskIsWaitingForConnectivity, .didFinishDownloading, .didComplete:
            break
        }
    }
}

extension AppLifecycle.Activity {
    /// The app handles its background session's events (`handleEventsForBackgroundURLSession`).
    package static let sessionEvents = Self("transfers.sessionEvents", description: "background session events")
}
