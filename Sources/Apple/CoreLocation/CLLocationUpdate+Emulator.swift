import BackgroundApp
import BackgroundCore
import BackgroundLocation
import EmulatedFoundation

// The adapter of live updates and the location sessions to the device's location services (BackgroundLocation's
// LocationUpdate, BackgroundActivitySession and ServiceSession on the location mode's manager), on the main
// queue, the emulator's thread.

/// `CLLocationUpdate.liveUpdates` on the running device.
enum EmulatedLiveUpdates {
    /// The device's live updates with `configuration`'s thresholds, translated on the main queue; finished at
    /// once without a device.
    static func start(_ configuration: CLLocationUpdate.LiveConfiguration) -> AsyncStream<CLLocationUpdate> {
        let (stream, continuation) = AsyncStream<CLLocationUpdate>.makeStream()
        EmulatedSystem.sync {
            guard let manager = EmulatedLocation.manager else { return continuation.finish() }
            let thresholds = LocationUpdate.LiveConfiguration.all.first { $0.name == configuration.name } ?? .default
            let updates = LocationUpdate.liveUpdates(thresholds, on: manager)
            Task { @MainActor in
                for await update in updates {
                    continuation.yield(CLLocationUpdate(
                        location: update.location.map(EmulatedLocation.location), stationary: update.isStationary,
                        authorizationDenied: update.authorizationDenied, insufficientlyInUse: update.insufficientlyInUse,
                        accuracyLimited: update.accuracyLimited, serviceSessionRequired: update.serviceSessionRequired))
                }
                continuation.finish()
            }
        }
        return stream
    }
}

/// A location session (``CLBackgroundActivitySession``, ``CLServiceSession``) on the running device.
final class EmulatedSession: @unchecked Sendable {
    /// The device's session, touched on the main queue only; nil without a device.
    private var invalidate_: (() -> Void)?

    private init(invalidate: (() -> Void)?) {
        invalidate_ = invalidate
    }

    deinit {
        invalidate()
    }

    static func activity() -> EmulatedSession {
        EmulatedSystem.sync {
            guard let manager = EmulatedLocation.manager else { return EmulatedSession(invalidate: nil) }
            let session = BackgroundActivitySession(on: manager)
            return EmulatedSession(invalidate: session.invalidate)
        }
    }

    static func service(
        _ requirement: CLServiceSession.AuthorizationRequirement, fullAccuracyPurposeKey: String?
    ) -> (EmulatedSession, AsyncStream<CLServiceSession.Diagnostic>) {
        let (stream, continuation) = AsyncStream<CLServiceSession.Diagnostic>.makeStream()
        let session = EmulatedSystem.sync {
            guard let manager = EmulatedLocation.manager else {
                continuation.finish()
                return EmulatedSession(invalidate: nil)
            }
            let authorization: ServiceSession.AuthorizationRequirement = switch requirement {
            case .none: .none
            case .whenInUse: .whenInUse
            case .always: .always
            }
            let session = ServiceSession(authorization: authorization, fullAccuracyPurposeKey: fullAccuracyPurposeKey, on: manager)
            let diagnostics = session.diagnostics
            Task { @MainActor in
                for await diagnostic in diagnostics {
                    continuation.yield(CLServiceSession.Diagnostic(
                        authorizationDenied: diagnostic.authorizationDenied, alwaysAuthorizationDenied: diagnostic.alwaysAuthorizationDenied,
                        fullAccuracyDenied: diagnostic.fullAccuracyDenied, insufficientlyInUse: diagnostic.insufficientlyInUse))
                }
                continuation.finish()
            }
            return EmulatedSession(invalidate: session.invalidate)
        }
        return (session, stream)
    }

    /// Ends the device's session (once).
    func invalidate() {
        EmulatedSystem.sync {
            invalidate_?()
            invalidate_ = nil
        }
    }
}
