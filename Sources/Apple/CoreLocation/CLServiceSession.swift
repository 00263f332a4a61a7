/// A feature's need for location (iOS 18), as Apple's `CLServiceSession`: while the app holds one, its
/// authorization goal is stated and location reaches it even with `NSLocationRequireExplicitServiceSession`;
/// its ``diagnostics`` say what stands in the way.
///
/// ```swift
/// let session = CLServiceSession(authorization: .always)
/// for try await diagnostic in session.diagnostics where diagnostic.alwaysAuthorizationDenied { explain() }
/// ```
/// On the emulated device it is the location services' session (BackgroundLocation's `ServiceSession`): it
/// ends with ``invalidate()``, when dropped, or with the app's process.
public final class CLServiceSession: @unchecked Sendable {
    /// The authorization the feature needs, as Apple's `CLServiceSession.AuthorizationRequirement`.
    public enum AuthorizationRequirement: Sendable {
        case none, whenInUse, always
    }

    private let session: EmulatedSession
    /// Each new diagnostic from the session's creation on; it finishes when the session ends.
    public let diagnostics: Diagnostics

    public convenience init(authorization: AuthorizationRequirement) {
        self.init(authorization: authorization, fullAccuracyPurposeKey: nil)
    }

    public init(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String?) {
        let (session, stream) = EmulatedSession.service(authorization, fullAccuracyPurposeKey: fullAccuracyPurposeKey)
        self.session = session
        diagnostics = Diagnostics(stream: stream)
    }

    /// Ends the session.
    public func invalidate() {
        session.invalidate()
    }
}
