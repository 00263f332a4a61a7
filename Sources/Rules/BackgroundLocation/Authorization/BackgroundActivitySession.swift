/// `CLBackgroundActivitySession` (iOS 17): while the app holds one, it counts as in use in the background,
/// so a when-in-use app keeps its live updates, its ``LocationMonitor`` events and its continuous updates
/// when it leaves the foreground.
///
/// ```swift
/// let session = BackgroundActivitySession(on: manager)   // CLBackgroundActivitySession()
/// defer { session.invalidate() }
/// ```
/// A session belongs to the app's process: it ends with ``invalidate()``, when it is dropped, or when the
/// app is terminated. After a relaunch the app must create it again; one held before counts for
/// ``LocationManagerConfiguration/sessionRelaunchGrace`` after the relaunch (docs/LOCATION.md).
///
/// - Warning: Not thread-safe: use it on the engine's owner only, like the manager.
public final class BackgroundActivitySession {
    private weak var manager: LocationManager?
    /// Whether the session still counts: not invalidated, and the process that created it still runs.
    public var isValid: Bool { manager?.sessions.activity.contains(ObjectIdentifier(self)) ?? false }

    public init(on manager: LocationManager) {
        self.manager = manager
        manager.sessions.activity.insert(ObjectIdentifier(self))
        manager.accessChanged()
    }

    deinit {
        invalidate()
    }

    /// Ends the session (`invalidate()`).
    public func invalidate() {
        manager?.endSession(ObjectIdentifier(self))
    }
}
