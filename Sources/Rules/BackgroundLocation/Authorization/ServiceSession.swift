/// `CLServiceSession` (iOS 18): the app states what authorization its current feature needs, and while it
/// holds a session, location reaches it even when ``LocationManager/requiresExplicitServiceSession`` (the
/// Info.plist key `NSLocationRequireExplicitServiceSession`) is set. Its ``diagnostics`` say what stands
/// in the way of the goal, each time that changes.
///
/// ```swift
/// let session = ServiceSession(authorization: .always, on: manager)   // CLServiceSession(authorization: .always)
/// for await diagnostic in session.diagnostics where diagnostic.alwaysAuthorizationDenied { … }
/// ```
/// A session belongs to the app's process: it ends with ``invalidate()``, when it is dropped, or when the
/// app is terminated. Apple's engineers ask apps relaunched in the background to create their sessions
/// again within a few seconds; one held before the relaunch counts for
/// ``LocationManagerConfiguration/sessionRelaunchGrace`` (5 s) after it.
///
/// - Warning: Not thread-safe: use it on the engine's owner only, like the manager.
public final class ServiceSession {
    /// The authorization a session asks for, as `CLServiceSession.AuthorizationRequirement`.
    public enum AuthorizationRequirement: String, Hashable, Sendable {
        case none, whenInUse, always
    }

    public let authorization: AuthorizationRequirement
    /// The Info.plist purpose key for temporary full accuracy, or nil when the feature does not need it.
    public let fullAccuracyPurposeKey: String?
    /// Each new diagnostic, from the session's creation on (`diagnostics`); it finishes when the session ends.
    public let diagnostics: AsyncStream<Diagnostic>
    /// Whether the session still counts: not invalidated, and the process that created it still runs.
    public var isValid: Bool { manager?.sessions.service[ObjectIdentifier(self)] != nil }

    private weak var manager: LocationManager?
    private let continuation: AsyncStream<Diagnostic>.Continuation
    private var last: Diagnostic?

    public init(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String? = nil, on manager: LocationManager) {
        self.authorization = authorization
        self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
        self.manager = manager
        (diagnostics, continuation) = AsyncStream<Diagnostic>.makeStream()
        manager.sessions.service[ObjectIdentifier(self)] = { [weak self] in self?.update() }
        manager.accessChanged()
    }

    deinit {
        invalidate()
    }

    /// Ends the session (`invalidate()`).
    public func invalidate() {
        continuation.finish()
        manager?.endSession(ObjectIdentifier(self))
    }

    /// Hands out the diagnostic for the manager's state when it differs from the last one.
    private func update() {
        guard isValid, let manager else { return }
        var diagnostic = Diagnostic()
        diagnostic.authorizationDenied = manager.authorization == .denied && authorization != .none
        diagnostic.alwaysAuthorizationDenied = authorization == .always && manager.authorization == .whenInUse
        diagnostic.fullAccuracyDenied = fullAccuracyPurposeKey != nil && manager.accuracyAuthorization == .reduced
        diagnostic.insufficientlyInUse = manager.authorization == .whenInUse && !manager.isInUse
        guard diagnostic != last else { return }
        last = diagnostic
        continuation.yield(diagnostic)
    }
}
