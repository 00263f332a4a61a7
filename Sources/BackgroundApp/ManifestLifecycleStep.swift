public import BackgroundCore

/// One step of what the user does with the app (`lifecycle:`): at an offset, the app's state, or a force
/// quit.
///
/// ```yaml
/// lifecycle:
///   - {at: 0s, app: foreground}
///   - {at: 2m, app: background}
///   - {at: 20m, app: forceQuit}     # swiped away in the app switcher
/// ```
public struct ManifestLifecycleStep: Hashable, Sendable {
    /// What the step does.
    public enum Change: Hashable, Sendable, RawRepresentable {
        /// The app moves to this state.
        case state(LifecycleState)
        /// The user swipes the app away in the app switcher: the app is terminated, and each mode does what
        /// iOS does after a force quit (``BackgroundMode/appWasForceQuit()``) until the user opens it again.
        case forceQuit

        /// The manifest's word: a state's name, or `forceQuit`.
        public var rawValue: String {
            switch self {
            case .state(let state): state.rawValue
            case .forceQuit: "forceQuit"
            }
        }

        public init?(rawValue: String) {
            if rawValue == "forceQuit" {
                self = .forceQuit
            } else if let state = LifecycleState(rawValue: rawValue) {
                self = .state(state)
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
