/// Background location activity (iOS 17), as Apple's `CLBackgroundActivitySession`: while the app holds
/// one, it counts as in use in the background, so a when-in-use app keeps its live updates, monitor events
/// and continuous updates when it leaves the foreground.
///
/// ```swift
/// let session = CLBackgroundActivitySession()   // as the app starts a workout it tracks in the background
/// defer { session.invalidate() }
/// ```
/// On the emulated device it is the location services' session (BackgroundLocation's
/// `BackgroundActivitySession`): it ends with ``invalidate()``, when dropped, or with the app's process.
public final class CLBackgroundActivitySession: @unchecked Sendable {
    private let session: EmulatedSession

    public init() {
        session = EmulatedSession.activity()
    }

    /// Ends the session.
    public func invalidate() {
        session.invalidate()
    }
}
