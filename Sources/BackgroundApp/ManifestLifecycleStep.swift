public import BackgroundCore

/// One step of what the user does with the app (`lifecycle:`): at an offset, the app's state.
///
/// ```yaml
/// lifecycle:
///   - {at: 0s, app: foreground}
///   - {at: 2m, app: background}
/// ```
public struct ManifestLifecycleStep: Hashable, Sendable {
    public var offset: Duration
    public var state: LifecycleState

    public init(offset: Duration, state: LifecycleState) {
        self.offset = offset
        self.state = state
    }
}
