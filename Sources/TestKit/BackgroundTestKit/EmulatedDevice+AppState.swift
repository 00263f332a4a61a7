extension EmulatedDevice {
    /// Where the user puts the app (``EmulatedDevice/moveApp(to:)``).
    public enum AppState: Sendable {
        /// The user opens it (launching it when it is terminated).
        case foreground
        /// The user leaves it (home gesture, another app).
        case background
    }
}
