/// Whether the app may refresh in the background (Settings' Background App Refresh), with Apple's raw values.
public enum UIBackgroundRefreshStatus: Int, Sendable {
    /// Restricted (parental controls).
    case restricted = 0
    /// The user turned it off, for the app or for all apps.
    case denied = 1
    /// On.
    case available = 2
}
