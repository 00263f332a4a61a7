import BackgroundApp
import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import EmulatedFoundation

// The adapter of UIKit's UIApplication to the running device: what the app asks of it (its state, background
// tasks, the refresh status, a device token) is answered by the app's lifecycle (AppLifecycle) and the device's
// conditions; the delegate's launch and moves come through the app seam (BackgroundTestKit's DeviceCode).

/// UIApplication's answers and calls on the running device, on the main thread.
@MainActor
enum EmulatedApplication {
    private static var app: EmulatedApp? { EmulatedSystem.current?.app }

    static var state: UIApplication.State {
        guard let app else { return .active }
        return app.lifecycle.state == .foreground ? .active : .background
    }

    static var backgroundRefreshStatus: UIBackgroundRefreshStatus {
        guard let app else { return .available }
        return app.device.conditions.backgroundRefresh ? .available : .denied
    }

    static var backgroundTimeRemaining: TimeInterval {
        guard let app else { return .greatestFiniteMagnitude }
        return app.lifecycle.backgroundTimeRemaining?.timeInterval ?? .greatestFiniteMagnitude
    }

    static func beginBackgroundTask(_ name: String?, _ handler: (@MainActor @Sendable () -> Void)?) -> UIBackgroundTaskIdentifier {
        guard let app else { return .invalid }
        let identifier = app.lifecycle.beginBackgroundTask(withName: name, expirationHandler: handler.map { handler in
            { MainActor.assumeIsolated { handler() } }
        })
        return UIBackgroundTaskIdentifier(rawValue: identifier.rawValue)
    }

    static func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        app?.lifecycle.endBackgroundTask(.init(rawValue: identifier.rawValue))
    }

    /// APNs answers at once (through the app seam, after the call returns) with a token of 32 bytes that depends on the app's identifier.
    static func registerForRemoteNotifications(_ application: UIApplication) {
        guard let app else { return }
        let seed = FNV1a64.hash(app.manifest.app.utf8)
        let token = Data((0..<32).map { UInt8(truncatingIfNeeded: seed >> (UInt64($0 % 8) * 8) &+ UInt64($0)) })
        app.engine.schedule(at: app.engine.now) { [weak application, unowned app] in
            app.deliver(AppCall("didRegisterForRemoteNotificationsWithDeviceToken") {
                MainActor.assumeIsolated {
                    guard let application else { return }
                    application.delegate?.application(application, didRegisterForRemoteNotificationsWithDeviceToken: token)
                }
            })
        }
    }
}
