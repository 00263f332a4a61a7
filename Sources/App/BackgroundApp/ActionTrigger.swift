/// What made the emulated app run an action (a trigger: an event that wakes or relaunches the app),
/// handed to the modes that carry the action out — and to a `run:` command as `BG_TRIGGER`, `BG_REGION`,
/// `BG_LAT` and `BG_LON`.
///
/// ```swift
/// simulator.submit("com.example.tour.upload", trigger: ActionTrigger(.enter, region: "museum", latitude: 47.3769, longitude: 8.5417))
/// ```
public struct ActionTrigger: Hashable, Sendable {
    /// The kind of event: the statics below, or a new mode's own (`Kind("push")`).
    public struct Kind: RawRepresentable, Hashable, Sendable {
        public var rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// `submitAtLaunch:` at the app's launch.
        public static let launch = Kind("launch")
        /// The task's own handler, `resubmit: true`.
        public static let resubmit = Kind("resubmit")
        /// A region's `onEnter:`.
        public static let enter = Kind("enter")
        /// A region's `onExit:`.
        public static let exit = Kind("exit")
        /// `significantChange:`.
        public static let significantChange = Kind("significantChange")
        /// The user's tap in the app: the action of an `app: foreground` lifecycle step.
        public static let user = Kind("user")
        /// An app extension's code: the action of an `extension:` lifecycle step (``ActionTrigger/source``).
        public static let appExtension = Kind("extension")
    }

    public var kind: Kind
    /// The region entered or left.
    public var region: String?
    /// Where the device was, when a location event caused it.
    public var latitude: Double?
    public var longitude: Double?
    /// The app extension that acted (``Kind/appExtension``).
    public var source: String?

    public init(_ kind: Kind, region: String? = nil, latitude: Double? = nil, longitude: Double? = nil, source: String? = nil) {
        self.kind = kind
        self.source = source
        self.region = region
        self.latitude = latitude
        self.longitude = longitude
    }
}
