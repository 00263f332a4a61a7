extension AppLifecycle {
    /// How long iOS keeps a backgrounded app running where Apple gives an order of magnitude rather
    /// than a rule (docs/DEVICE.md).
    ///
    /// ```swift
    /// var configuration = AppLifecycle.Configuration()
    /// configuration.backgroundGrace = .zero              // suspended as soon as it leaves the foreground
    /// configuration.backgroundTaskTime = .seconds(180)   // iOS 7 to 12
    /// ```
    public struct Configuration: Hashable, Sendable {
        /// How long an app that leaves the foreground holding no background task of its own keeps running
        /// (default 5 s), as a background task of the system's named `system`: "When your app moves to the
        /// background, the system calls your app delegate's `applicationDidEnterBackground(_:)` method. That
        /// method has five seconds to perform any tasks and return. Shortly after that method returns, the
        /// system puts your app into the suspended state" ("Extending your app's background execution
        /// time"). Zero suspends the app at once.
        public var backgroundGrace = Duration.seconds(5)
        /// The time the app's background tasks share once it is in the background (default 30 s):
        /// `beginBackgroundTask(withName:expirationHandler:)` gives "a limited amount of time"; Apple gives no
        /// number, and current iOS versions give about 30 seconds (180 s before iOS 13, 600 s before iOS 7).
        public var backgroundTaskTime = Duration.seconds(30)
        /// How long before ``backgroundTaskTime`` runs out the expiration handlers run (default 5 s): "shortly
        /// before the app's remaining background time reaches 0" (`beginBackgroundTask(expirationHandler:)`);
        /// the emulator's choice, as Apple gives no number. A task still not ended when the time runs out
        /// gets the app terminated.
        public var expirationWarning = Duration.seconds(5)
        /// How long a region or significant-change event keeps a suspended (or relaunched) app running
        /// (default 10 s): "it's woken up and given a short amount of time (around 10 seconds) to handle
        /// the event" (Location and Maps Programming Guide, Region Monitoring).
        public var wakeWindow = Duration.seconds(10)

        public init() {}
    }
}
