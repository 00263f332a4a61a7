extension AppLifecycle {
    /// Something that keeps a backgrounded app running: the lifecycle's own ``backgroundTask(_:)`` and
    /// ``wake``, and whatever a background mode names — ``task(_:)``, ``audio``, ``location``, or a new
    /// mode's own.
    ///
    /// ```swift
    /// extension AppLifecycle.Activity {
    ///     static func transfer(_ id: Int) -> Self { Self("transfer.\(id)", description: "transfer \(id)") }
    /// }
    /// lifecycle.begin(.transfer(3), reason: "transfer 3 started")
    /// ```
    public struct Activity: Hashable, Sendable, CustomStringConvertible {
        /// Tells activities apart: two with the same identifier are one.
        public let identifier: String
        /// How a person names it, built only when a record or a message asks (an app's state changes far less
        /// often than its activities begin and end).
        public var description: String { describe() }
        private let describe: @Sendable () -> String

        public init(_ identifier: String, description: @autoclosure @escaping @Sendable () -> String) {
            self.identifier = identifier
            self.describe = description
        }

        /// A background task the app (or the system, after it leaves the foreground) began
        /// (``AppLifecycle/beginBackgroundTask(withName:expirationHandler:)``).
        public static func backgroundTask(_ identifier: BackgroundTaskIdentifier) -> Activity {
            Activity("backgroundTask.\(identifier.rawValue)", description: "background task \(identifier.rawValue)")
        }
        /// The window a region or significant-change event gives a suspended app.
        public static let wake = Activity("wake", description: "wake window")
        /// The system keeps the app running in the background for the whole run
        /// (``EmulatedApp/Configuration/Launch/keptInBackground``).
        public static let keptInBackground = Activity("keptInBackground", description: "kept running in the background")

        public static func == (a: Activity, b: Activity) -> Bool { a.identifier == b.identifier }
        public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
    }
}
