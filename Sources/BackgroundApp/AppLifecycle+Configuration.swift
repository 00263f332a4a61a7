extension AppLifecycle {
    /// How long iOS keeps a backgrounded app running where Apple gives an order of magnitude rather
    /// than a rule (docs/DEVICE.md).
    ///
    /// ```swift
    /// var configuration = AppLifecycle.Configuration()
    /// configuration.backgroundGrace = .zero       // suspended as soon as it leaves the foreground
    /// ```
    public struct Configuration: Hashable, Sendable {
        /// How long an app keeps running after it leaves the foreground (default 30 s): an app that calls
        /// `beginBackgroundTask(expirationHandler:)` when it moves to the background ("Extending your
        /// app's background execution time"); current iOS versions give about 30 seconds. Zero models an
        /// app that does not ask and is suspended at once.
        public var backgroundGrace = Duration.seconds(30)
        /// How long a region or significant-change event keeps a suspended (or relaunched) app running
        /// (default 10 s): "it's woken up and given a short amount of time (around 10 seconds) to handle
        /// the event" (Location and Maps Programming Guide, Region Monitoring).
        public var wakeWindow = Duration.seconds(10)

        public init() {}
    }
}
