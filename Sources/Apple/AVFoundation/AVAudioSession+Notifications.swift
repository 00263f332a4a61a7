extension AVAudioSession {
    /// Posted when an interruption begins or ends; `userInfo` has ``AVAudioSessionInterruptionTypeKey``.
    public static let interruptionNotification = Notification.Name("AVAudioSessionInterruptionNotification")
    /// Posted when the audio route changes; `userInfo` has ``AVAudioSessionRouteChangeReasonKey``.
    public static let routeChangeNotification = Notification.Name("AVAudioSessionRouteChangeNotification")

    /// Whether an interruption began or ended, with Apple's raw values.
    public enum InterruptionType: UInt, Sendable {
        case ended = 0
        case began = 1
    }

    /// What an ended interruption says.
    public struct InterruptionOptions: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The app may resume playing.
        public static let shouldResume = InterruptionOptions(rawValue: 1)
    }

    /// Why the route changed, with Apple's raw values.
    public enum RouteChangeReason: UInt, Sendable {
        case unknown = 0
        case newDeviceAvailable = 1
        case oldDeviceUnavailable = 2
        case categoryChange = 3
        case override = 4
        case wakeFromSleep = 6
        case noSuitableRouteForCategory = 7
        case routeConfigurationChange = 8
    }
}
