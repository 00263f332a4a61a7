/// The identifier of a background task begun with `UIApplication.beginBackgroundTask`.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// No task: what `beginBackgroundTask` returns when the app cannot run in the background.
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}
