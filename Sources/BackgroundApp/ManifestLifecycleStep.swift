public import BackgroundCore
public import BackgroundDevice

/// One step of what the user does with the app (`lifecycle:`): at an offset, the app's state, a force
/// quit, something that happens to the device (`device: reboot|unlock|lock`), or one of the debugger's
/// commands for a BGTask.
///
/// ```yaml
/// lifecycle:
///   - {at: 0s, app: foreground}
///   - {at: 2m, app: background, backgroundTask: 45s}   # leaves holding a background task of 45 s of work
///   - {at: 20m, app: forceQuit}     # swiped away in the app switcher
///   - {at: 30m, app: foreground, submit: com.example.export.job1}   # opened again, and a tap submits a task
///   - {at: 2h, simulateLaunch: com.example.refresh}
///   - {at: 3h, device: reboot}
///   - {at: 4h, extension: com.example.keyboard, submit: com.example.refresh}   # an extension submits
/// ```
public struct ManifestLifecycleStep: Hashable, Sendable {
    /// What the step does.
    public enum Change: Hashable, Sendable, RawRepresentable {
        /// The app moves to this state.
        case state(LifecycleState)
        /// The user swipes the app away in the app switcher: the app is terminated, and each mode does what
        /// iOS does after a force quit (``BackgroundMode/appWasForceQuit()``) until the user opens it again.
        case forceQuit
        /// The device restarts, or is unlocked or locked (``EmulatedApp/deviceDidChange(_:)``).
        case device(DeviceEvent)
        /// `simulateLaunch: ID`: the debugger's `_simulateLaunchForTaskWithIdentifier:` launches the pending
        /// task now.
        case simulateLaunch(String)
        /// `simulateExpiration: ID`: the debugger's `_simulateExpirationForTaskWithIdentifier:` expires the
        /// running task now.
        case simulateExpiration(String)
        /// `extension: ID`: one of the app's extensions (a keyboard, a widget) runs the step's action
        /// (`submit:`) in its own process; the app is not woken, and a task it submits runs in the app.
        case appExtension(String)

        /// The manifest's word: `app:`'s value (a state's name, or `forceQuit`), a device event's name, or
        /// the key of a debugger command.
        public var rawValue: String {
            switch self {
            case .state(let state): state.rawValue
            case .forceQuit: "forceQuit"
            case .device(let event): event.rawValue
            case .simulateLaunch: "simulateLaunch"
            case .simulateExpiration: "simulateExpiration"
            case .appExtension: "extension"
            }
        }

        /// The change of an `app:` or `device:` value; nil for any other word.
        public init?(rawValue: String) {
            if rawValue == "forceQuit" {
                self = .forceQuit
            } else if let state = LifecycleState(rawValue: rawValue) {
                self = .state(state)
            } else if let event = DeviceEvent(rawValue: rawValue) {
                self = .device(event)
            } else {
                return nil
            }
        }
    }

    public var offset: Duration
    public var change: Change
    /// `backgroundTask:` on an `app: background` step: the app leaves the foreground holding a background
    /// task with this much work, which it ends when the work is done or its expiration handler runs.
    public var backgroundTask: Duration?
    /// The action keys (`submit:`, `upload:`, `play:`) on an `app: foreground` step: what the user's tap
    /// does once the app is in the foreground, with the trigger ``ActionTrigger/Kind/user``; on an
    /// `extension:` step, what the extension does (``ActionTrigger/Kind/appExtension``).
    public var action: ManifestAction?

    public init(offset: Duration, change: Change, backgroundTask: Duration? = nil, action: ManifestAction? = nil) {
        self.offset = offset
        self.change = change
        self.backgroundTask = backgroundTask
        self.action = action
    }

    /// A step that moves the app to `state`.
    public init(offset: Duration, state: LifecycleState) {
        self.init(offset: offset, change: .state(state))
    }
}
