public import BackgroundCore

/// One step of what the user does with the app (`lifecycle:`): at an offset, the app's state, a force
/// quit, or something that happens to the device (`device: reboot|unlock|lock`).
///
/// ```yaml
/// lifecycle:
///   - {at: 0s, app: foreground}
///   - {at: 2m, app: background}
///   - {at: 20m, app: forceQuit}     # swiped away in the app switcher
///   - {at: 2h, device: reboot}
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

        /// The manifest's word: a state's name, `forceQuit`, or a device event's name.
        public var rawValue: String {
            switch self {
            case .state(let state): state.rawValue
            case .forceQuit: "forceQuit"
            case .device(let event): event.rawValue
            }
        }

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

    public init(offset: Duration, change: Change) {
        self.offset = offset
        self.change = change
    }

    /// A step that moves the app to `state`.
    public init(offset: Duration, state: LifecycleState) {
        self.init(offset: offset, change: .state(state))
    }
}
