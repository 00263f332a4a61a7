/// A background task the app holds (``AppLifecycle/beginBackgroundTask(withName:expirationHandler:)``),
/// until it is ended.
struct HeldBackgroundTask {
    let identifier: AppLifecycle.BackgroundTaskIdentifier
    let name: String
    let expirationHandler: (() -> Void)?
    /// Whether its expiration handler has run.
    var hasExpired = false
}
