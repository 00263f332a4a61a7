extension UIApplication {
    /// The app's state, with Apple's raw values.
    public enum State: Int, Sendable {
        /// In the foreground, receiving events.
        case active = 0
        /// In the foreground, not receiving events (moving between states).
        case inactive = 1
        /// In the background (running or suspended).
        case background = 2
    }
}
