extension AppLifecycle {
    /// A background task, as ``AppLifecycle/beginBackgroundTask(withName:expirationHandler:)`` returns it
    /// and ``AppLifecycle/endBackgroundTask(_:)`` takes it: UIKit's `UIBackgroundTaskIdentifier`.
    ///
    /// ```swift
    /// let task = lifecycle.beginBackgroundTask(withName: "save") { lifecycle.endBackgroundTask(task) }
    /// if task == .invalid { return }     // the app cannot run in the background now
    /// ```
    public struct BackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// No background task: what beginning one returns when the app cannot run (it is suspended or
        /// terminated); ending it does nothing.
        public static let invalid = Self(rawValue: 0)
    }
}
