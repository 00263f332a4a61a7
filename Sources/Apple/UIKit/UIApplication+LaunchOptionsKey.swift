extension UIApplication {
    /// The keys of the launch options handed to `application(_:didFinishLaunchingWithOptions:)`.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The app was launched for a location event (a region, a significant change).
        public static let location = LaunchOptionsKey("UIApplicationLaunchOptionsLocationKey")
        /// The app was launched for a remote notification; the value is its payload.
        public static let remoteNotification = LaunchOptionsKey("UIApplicationLaunchOptionsRemoteNotificationKey")
        /// The app was launched to open a URL.
        public static let url = LaunchOptionsKey("UIApplicationLaunchOptionsURLKey")
        /// The bundle identifier of the app that asked to open a URL.
        public static let sourceApplication = LaunchOptionsKey("UIApplicationLaunchOptionsSourceApplicationKey")
    }
}
