public import BackgroundCore
public import BackgroundDevice

/// One step of what the user does with the app (`lifecycle:`): at an offset, the app's state, a force
/// quit, something that happens to the device (`device: reboot|unlock|lock`), one of the debugger's
/// commands for a BGTask, or a step a mode brings (``LifecycleStepKind``).
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
    /// What the step does: its kind (the step's key) and the value read under it.
    public struct Change: Hashable, Sendable {
        /// The kind of step, which carries it out.
        public let kind: LifecycleStepKind
        /// The value under the kind's key, as its reader read it.
        public let value: any Hashable & Sendable

        public init<Value: Hashable & Sendable>(_ kind: LifecycleStepKind, _ value: Value) {
            self.kind = kind
            self.value = value
        }

        /// The app moves to this state.
        public static func state(_ state: LifecycleState) -> Self { Self(.app, AppStep.state(state)) }
        /// The user swipes the app away in the app switcher: the app is terminated, and each mode does what
        /// iOS does after a force quit (``BackgroundMode/appWasForceQuit()``) until the user opens it again.
        public static var forceQuit: Self { Self(.app, AppStep.forceQuit) }
        /// The device restarts, or is unlocked or locked (``EmulatedApp/deviceDidChange(_:)``).
        public static func device(_ event: DeviceEvent) -> Self { Self(.device, event) }
        /// `extension: ID`: one of the app's extensions (a keyboard, a widget) runs the step's action
        /// (`submit:`) in its own process; the app is not woken, and a task it submits runs in the app.
        public static func appExtension(_ bundle: String) -> Self { Self(.appExtension, AppExtension(bundle: bundle)) }

        public static func == (a: Self, b: Self) -> Bool {
            a.kind.key == b.kind.key && AnyHashable(a.value) == AnyHashable(b.value)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind.key)
            hasher.combine(AnyHashable(value))
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
