/// What made the emulated app submit a task: handed to a `run:` command as `BG_TRIGGER`, `BG_REGION`,
/// `BG_LAT` and `BG_LON`.
///
/// ```swift
/// simulator.submit("com.example.tour.upload", trigger: TaskTrigger(.enter, region: "museum", latitude: 47.3769, longitude: 8.5417))
/// ```
public struct TaskTrigger: Hashable, Sendable {
    /// The kind of event.
    public enum Kind: String, Hashable, Sendable {
        /// `submitAtLaunch:` at the app's launch.
        case launch
        /// The task's own handler, `resubmit: true`.
        case resubmit
        /// A region's `onEnter:`.
        case enter
        /// A region's `onExit:`.
        case exit
        /// `significantChange:`.
        case significantChange
    }

    public var kind: Kind
    /// The region entered or left.
    public var region: String?
    /// Where the device was, when a location event caused it.
    public var latitude: Double?
    public var longitude: Double?

    public init(_ kind: Kind, region: String? = nil, latitude: Double? = nil, longitude: Double? = nil) {
        self.kind = kind
        self.region = region
        self.latitude = latitude
        self.longitude = longitude
    }
}
