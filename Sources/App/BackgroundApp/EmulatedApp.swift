import AppControl
public import BackgroundCore
public import BackgroundDevice
import BackgroundLocation
import BackgroundScheduler

/// One emulated iOS app on one emulated device: its process state in an ``AppLifecycle`` and the
/// background modes it hosts (``BackgroundMode``) — tasks (``TaskMode``), location (``LocationMode``),
/// audio (``AudioMode``) or any other — all on the app's engine, so that everything happens on one clock.
///
/// A mode's triggers (a region entered, a significant change…) wake a suspended app or relaunch a
/// terminated one and run the manifest's action (``trigger(_:by:reason:)``): each mode carries out its
/// part of it — `submit` submits a declared task, `play` plays a clip. What a mode names keeps the app
/// running (a task, audio in a category that continues in the background, continuous updates with the
/// `location` mode). The manifest's `lifecycle:` script and `usage:` are what the user does (the device's hand, ``DeviceUser``); the script's offsets count from
/// ``start()``. docs/DEVICE.md has the rules.
///
/// ```swift
/// let engine = EventEngine(start: firstFix.time!)
/// let timeline = Timeline(engine: engine)
/// let manager = LocationManager(engine: engine, timeline: timeline)
/// manager.startUpdatingLocation()
/// var options = AppRecipe.Options()
/// options.location = manager
/// options.audio = EmulatedApp.Audio(output: { ALSAOutput(device: $0) }, open: AudioFile.open)
/// let app = try AppRecipe.standard.app(manifest, engine: engine, timeline: timeline, options: options)
/// app.start()
/// try await manager.run(.replay(fixes))
/// try await app.linger(upTo: .seconds(600))       // what follows the last fix
/// ```
/// A manifest without `regions:` or `significantChange:` needs no location manager: leave `options.location` nil.
///
/// - Warning: Not thread-safe: use it on the engine's owner only.
public final class EmulatedApp {
    public let manifest: AppManifest
    public let engine: EventEngine
    public let timeline: Timeline
    public let lifecycle: AppLifecycle
    /// The device the app runs on: its clock, conditions, lock state and the user's opens.
    public let device: Device
    /// The user's hand: the lifecycle script and the usage, which open the app.
    public let user: DeviceUser
    public let configuration: Configuration
    /// The modes the app hosts, in the order they are called.
    public let modes: [any BackgroundMode]
    /// The app's own code, which the system calls here and nowhere else (``AppCode``, whose documentation
    /// gives the order): the manifest's handlers (``ManifestApp``) unless the app was made with code of its own.
    public let code: any AppCode
    /// The requests the app answers on a live run's control socket, by verb: every mode's
    /// (``BackgroundMode/controlVerbs``).
    public private(set) var controlVerbs: [String: ControlVerb] = [:]

    private var hasLaunched = false

    /// Creates the app on `engine` and `timeline` with `modes`, each attached in turn, running `code` (nil:
    /// the manifest's handlers, ``ManifestApp``); nothing happens before ``start()``.
    ///
    /// - Throws: ``InputError`` when a mode cannot be attached (the scheduler's state file cannot be
    ///   restored) or the commands' log cannot be opened.
    public init(
        manifest: AppManifest, engine: EventEngine, timeline: Timeline, modes: [any BackgroundMode],
        configuration: Configuration = Configuration(), code: (any AppCode)? = nil
    ) throws(InputError) {
        if let code {
            self.code = code
        } else {
            self.code = try ManifestApp(commands: configuration.commands)
        }
        self.manifest = manifest
        self.engine = engine
        self.timeline = timeline
        self.configuration = configuration
        self.modes = modes
        lifecycle = AppLifecycle(engine: engine, timeline: timeline, configuration: configuration.lifecycle)
        device = Device(
            engine: engine, timeline: timeline, conditions: Self.conditionsSource(manifest, configuration.conditions),
            policy: configuration.scheduler.policy, discretion: configuration.discretion)
        user = DeviceUser(engine: engine)
        for mode in modes { try mode.attach(to: self) }
        for verb in modes.flatMap(\.controlVerbs) {
            precondition(controlVerbs[verb.name] == nil, "two modes bring the control verb \(verb.name)")
            controlVerbs[verb.name] = verb
        }
        lifecycle.addLaunchListener { [unowned self] in
            let first = !hasLaunched
            self.code.applicationDidLaunch(self, first: first)
            for mode in modes { mode.appDidLaunch(first: first) }
            self.code.applicationDidFinishLaunching(self, first: first)
            for mode in modes { mode.appDidFinishLaunching(first: first) }
            hasLaunched = true
        }
        lifecycle.addTerminationListener { [unowned self] in
            self.code.applicationWillTerminate(self)
            for mode in modes.reversed() { mode.appDidTerminate() }
            self.code.applicationProcessDidEnd(self)
        }
        lifecycle.addChangeListener { [unowned self] from, to in
            // The usage history counts every move to the foreground, before any mode hears of it.
            if to == .foreground { device.appWasOpened() }
            self.code.application(self, willMoveFrom: from, to: to)
            for mode in modes { mode.appDidChange(from: from, to: to) }
            if to == .foreground {
                self.code.applicationDidBecomeActive(self)
            } else if from == .foreground {
                self.code.applicationDidEnterBackground(self)
            }
        }
        device.addEventListener { [unowned self] event in
            for mode in modes { mode.deviceDidChange(event) }
            if event == .reboot { lifecycle.terminate(reason: "the device restarted") }
        }
    }

    /// The source of the device's conditions: the manifest's timeline, or the machine's.
    private static func conditionsSource(_ manifest: AppManifest, _ conditions: Configuration.Conditions) -> any DeviceConditionsSource {
        switch conditions {
        case .manifest: ScriptedConditions(manifest.conditions)
        case .machine(let root, let pollInterval):
            LinuxDeviceConditions(root: root, pollInterval: pollInterval, base: DeviceConditions(idle: true))
        }
    }

    /// The hosted mode of type `M`.
    public func mode<M: BackgroundMode>(_ type: M.Type) -> M? {
        modes.lazy.compactMap { $0 as? M }.first
    }

    /// Launches the app now, as ``Configuration/launch`` says (by the user into the foreground, or kept in
    /// the background by the system), and starts the user's hand (``user``): the manifest's
    /// lifecycle script from now, and its usage.
    public func start() {
        user.start(on: self)
        switch configuration.launch {
        case .byUser: lifecycle.launch(reason: "launched by the user")
        case .keptInBackground:
            lifecycle.recordsChanges = false
            lifecycle.begin(.keptInBackground, reason: "launched into the background by the system")
        case .atFirstOpen: break
        }
    }

    /// Whether the app has nothing left to do: no activity keeps it running (no task, audio, background
    /// task or wake window), every mode is settled (no task request is pending) and no lifecycle step
    /// is still to come.
    public var isSettled: Bool {
        lifecycle.activities.isEmpty && !user.hasStepsLeft && modes.allSatisfy(\.isSettled)
    }

    /// Runs on after the inputs have ended, while the app has something left to do (until
    /// ``isSettled``), at most `limit`: what follows the last fix — tasks, audio, the lifecycle script.
    public func linger(upTo limit: Duration, pacing: EngineRun.Pacing = .virtual) async throws {
        try await EngineRun(engine: engine, pacing: pacing).run(until: engine.now + limit) { !isSettled }
    }

    /// A mode's trigger: an app that is not in the foreground wakes (or relaunches) for the wake window,
    /// or a running app's window is extended; then every mode carries out its part of `action`.
    public func trigger(_ action: ManifestAction?, by trigger: ActionTrigger, reason: String) {
        if lifecycle.state != .foreground { lifecycle.wake(reason: reason) }
        guard let action else { return }
        perform(action, trigger: trigger)
    }

    /// Every mode carries out its part of `action` (`submit:` the tasks mode, `play:` the audio mode…):
    /// how the manifest's app, the user's taps and the app's extensions call the modes' APIs.
    public func perform(_ action: ManifestAction, trigger: ActionTrigger) {
        for mode in modes { mode.perform(action, trigger: trigger) }
    }

    /// A framework's call for the app's objects (``AppCall``), through the code's one route
    /// (``AppCode/application(_:deliver:)``): how an Apple-named module of its own reaches the app's code.
    public func deliver(_ call: AppCall) {
        code.application(self, deliver: call)
    }

    /// The user force-quits the app (swipes it away in the app switcher): every mode hears it first
    /// (``BackgroundMode/appWasForceQuit()``: the background session cancels its transfers), then the app
    /// is terminated.
    public func forceQuit() {
        for mode in modes { mode.appWasForceQuit() }
        lifecycle.terminate(reason: "the user force-quit the app")
    }

    /// The device restarts, or is unlocked or locked (``Device/change(_:)``): a `device` event, then every
    /// mode hears it (``BackgroundMode/deviceDidChange(_:)``). A restart then terminates the app, which stays
    /// terminated until something launches it (docs/DEVICE.md, "Reboot and first unlock").
    public func deviceDidChange(_ event: DeviceEvent) {
        device.change(event)
    }
}
