/// The running app, as Apple's `UIApplication`: its state, Background App Refresh, the background tasks
/// that keep it running for a while after it leaves the foreground, and remote notifications.
///
/// ```swift
/// let identifier = UIApplication.shared.beginBackgroundTask(withName: "save") { /* time is up */ }
/// save()
/// UIApplication.shared.endBackgroundTask(identifier)
/// ```
/// On the emulated device (BackgroundTestKit's `EmulatedDevice`) everything reads and changes the device's
/// app; without one the app is active and nothing runs in the background.
@MainActor
open class UIApplication: UIResponder {
    /// The app.
    public static let shared = UIApplication()

    /// The app's delegate (set by the emulated device's launch, as `UIApplicationMain` does).
    open weak var delegate: (any UIApplicationDelegate)?

    /// The app's state now.
    open var applicationState: State { EmulatedApplication.state }

    /// Whether the app may refresh in the background.
    open var backgroundRefreshStatus: UIBackgroundRefreshStatus { EmulatedApplication.backgroundRefreshStatus }

    /// The time the app's background tasks have left in the background; a very large value in the foreground.
    open var backgroundTimeRemaining: TimeInterval { EmulatedApplication.backgroundTimeRemaining }

    /// Whether the app registered for remote notifications.
    open private(set) var isRegisteredForRemoteNotifications = false

    /// Asks for more time in the background; `handler` runs shortly before it is up, and must end the task.
    open func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        EmulatedApplication.beginBackgroundTask(taskName, handler)
    }

    /// Asks for more time in the background, unnamed.
    open func beginBackgroundTask(expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        beginBackgroundTask(withName: nil, expirationHandler: handler)
    }

    /// Ends a background task; the app may be suspended then.
    open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        EmulatedApplication.endBackgroundTask(identifier)
    }

    /// Registers with APNs: the delegate's `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`
    /// follows.
    open func registerForRemoteNotifications() {
        isRegisteredForRemoteNotifications = true
        EmulatedApplication.registerForRemoteNotifications(self)
    }

    /// Unregisters from APNs.
    open func unregisterForRemoteNotifications() {
        isRegisteredForRemoteNotifications = false
    }
}
