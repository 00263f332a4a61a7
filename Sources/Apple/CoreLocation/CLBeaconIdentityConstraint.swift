/// The beacons a region or a ranging names, as Apple's `CLBeaconIdentityConstraint`: a UUID, and optionally
/// a major and a minor value.
open class CLBeaconIdentityConstraint: NSObject, @unchecked Sendable {  // @unchecked: immutable `let`s only
    public let uuid: UUID
    /// The major value, or nil for any.
    public let major: CLBeaconMajorValue?
    /// The minor value, or nil for any.
    public let minor: CLBeaconMinorValue?

    public init(uuid: UUID) {
        self.uuid = uuid
        self.major = nil
        self.minor = nil
    }

    public init(uuid: UUID, major: CLBeaconMajorValue) {
        self.uuid = uuid
        self.major = major
        self.minor = nil
    }

    public init(uuid: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue) {
        self.uuid = uuid
        self.major = major
        self.minor = minor
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLBeaconIdentityConstraint else { return false }
        return other.uuid == uuid && other.major == major && other.minor == minor
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(uuid)
        hasher.combine(major)
        hasher.combine(minor)
        return hasher.finalize()
    }
}
