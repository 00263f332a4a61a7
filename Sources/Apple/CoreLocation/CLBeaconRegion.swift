/// A region of iBeacons, as Apple's `CLBeaconRegion`: a value the app makes with Apple's initializers.
///
/// The emulated device does not monitor beacons yet: ``CLLocationManager/isMonitoringAvailable(for:)`` is false
/// for this class, and `startMonitoring(for:)` with one tells the delegate `monitoringDidFailFor` with
/// `CLError.regionMonitoringFailure`, as iOS does on a device without beacon monitoring.
open class CLBeaconRegion: CLRegion, @unchecked Sendable {  // @unchecked: as CLRegion's; its own are `let`s
    /// The beacons the region names.
    public let beaconIdentityConstraint: CLBeaconIdentityConstraint
    /// Whether entering the region is reported when the user turns the display on (default false).
    open var notifyEntryStateOnDisplay = false

    public convenience init(uuid: UUID, identifier: String) {
        self.init(beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid), identifier: identifier)
    }

    public convenience init(uuid: UUID, major: CLBeaconMajorValue, identifier: String) {
        self.init(beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid, major: major), identifier: identifier)
    }

    public convenience init(uuid: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue, identifier: String) {
        self.init(
            beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid, major: major, minor: minor), identifier: identifier)
    }

    public init(beaconIdentityConstraint: CLBeaconIdentityConstraint, identifier: String) {
        self.beaconIdentityConstraint = beaconIdentityConstraint
        super.init(identifier: identifier)
    }

    @available(iOS, deprecated: 13.0, renamed: "init(uuid:identifier:)")
    public convenience init(proximityUUID: UUID, identifier: String) {
        self.init(uuid: proximityUUID, identifier: identifier)
    }

    @available(iOS, deprecated: 13.0, renamed: "init(uuid:major:identifier:)")
    public convenience init(proximityUUID: UUID, major: CLBeaconMajorValue, identifier: String) {
        self.init(uuid: proximityUUID, major: major, identifier: identifier)
    }

    @available(iOS, deprecated: 13.0, renamed: "init(uuid:major:minor:identifier:)")
    public convenience init(proximityUUID: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue, identifier: String) {
        self.init(uuid: proximityUUID, major: major, minor: minor, identifier: identifier)
    }

    /// The beacons' UUID.
    open var uuid: UUID { beaconIdentityConstraint.uuid }
    /// The beacons' UUID, by its name before iOS 13.
    @available(iOS, deprecated: 13.0, renamed: "uuid")
    open var proximityUUID: UUID { uuid }
    /// The major value, or nil for any.
    open var major: NSNumber? { beaconIdentityConstraint.major.map { NSNumber(value: $0) } }
    /// The minor value, or nil for any.
    open var minor: NSNumber? { beaconIdentityConstraint.minor.map { NSNumber(value: $0) } }
}
