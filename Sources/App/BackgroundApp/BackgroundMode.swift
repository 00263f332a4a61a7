public import BackgroundCore
public import BackgroundDevice

/// One background mode an ``EmulatedApp`` hosts — location, tasks, audio, or a new one in its own module:
/// the peer of the others, reached by the app only through these calls.
///
/// A mode brings:
/// - its **manifest section** (a ``ManifestSection``: its keys, their checks and messages, and the action
///   keys it carries out), read with ``AppManifest/init(contentsOf:sections:)``;
/// - its **reasons to keep the app running**, as ``AppLifecycle/Activity`` values it begins and ends on
///   the app's ``EmulatedApp/lifecycle``;
/// - its **triggers**, events that wake or relaunch the app and run an action: it calls
///   ``EmulatedApp/trigger(_:by:reason:)``;
/// - its **actions**, the parts of an action it carries out, in ``perform(_:trigger:)``;
/// - its calls to the **app's code**, through ``EmulatedApp/code`` (``AppCode``, shaped like Apple's
///   delegates): a mode never reads the manifest's handler keys, it tells the app and watches what it does
///   back;
/// - its timeline records, written on the app's ``EmulatedApp/timeline``;
/// - its **control verbs** (``controlVerbs``), the requests `bgtask` sends a live run's app.
///
/// The app calls the modes in the order it was given them, and in the reverse order when the process
/// ends. docs/ARCHITECTURE.md ("Adding a background mode") walks through writing one.
///
/// - Warning: Called on the engine's owner only, like the app.
public protocol BackgroundMode: AnyObject {
    /// The app hosts the mode: keep it (`unowned`: it holds its modes; a weak reference would give the app a
    /// side table, and every retain of it the slow path, docs/PERFORMANCE.md), read its manifest, create what the
    /// mode runs on its engine and timeline. Called once, from the app's initializer.
    func attach(to app: EmulatedApp) throws(InputError)
    /// The app's process launched, before its code's `didFinishLaunching` (``AppCode``) runs: what the
    /// system prepares for it. `first` the first time, false when it is relaunched after it was terminated.
    func appDidLaunch(first: Bool)
    /// The app's code has returned from its `didFinishLaunching`: what the system does once the launch has
    /// finished (the scheduler closes registration).
    func appDidFinishLaunching(first: Bool)
    /// The app's process ended: stop what the process did (monitoring that belongs to the system goes on).
    func appDidTerminate()
    /// The user force-quit the app; it is terminated right after. What iOS stops after a force quit
    /// until the user opens the app again (a background session's transfers and relaunches) stops here.
    func appWasForceQuit()
    /// The app moved from one state to another.
    func appDidChange(from: LifecycleState, to: LifecycleState)
    /// The device restarted, or was unlocked or locked (a `device:` step). At a restart every mode hears it
    /// before the app is terminated (docs/DEVICE.md, "Reboot and first unlock").
    func deviceDidChange(_ event: DeviceEvent)
    /// Carries out the mode's parts of `action` (those under its ``ManifestSection/actions`` keys).
    func perform(_ action: ManifestAction, trigger: ActionTrigger)
    /// Whether the mode has nothing left to do (no pending request, nothing scheduled).
    var isSettled: Bool { get }
    /// The requests the mode answers on a live run's control socket, read once after every mode is attached.
    var controlVerbs: [ControlVerb] { get }
}

extension BackgroundMode {
    /// Nothing to do at launch.
    public func appDidLaunch(first: Bool) {}
    /// Nothing to do when the launch has finished.
    public func appDidFinishLaunching(first: Bool) {}
    /// Nothing to stop.
    public func appDidTerminate() {}
    /// Nothing stops at a force quit.
    public func appWasForceQuit() {}
    /// Nothing follows the state.
    public func appDidChange(from: LifecycleState, to: LifecycleState) {}
    /// Nothing follows the device.
    public func deviceDidChange(_ event: DeviceEvent) {}
    /// No action keys.
    public func perform(_ action: ManifestAction, trigger: ActionTrigger) {}
    /// Always settled.
    public var isSettled: Bool { true }
    /// No verbs.
    public var controlVerbs: [ControlVerb] { [] }
}
