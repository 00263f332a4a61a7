/// The emulated app's state, as iOS's application states.
public enum LifecycleState: String, Hashable, Sendable {
    case foreground, background, suspended, terminated
}
