/// A monitored area, as Apple's `CLRegion` (use ``CLCircularRegion``).
open class CLRegion: NSObject, @unchecked Sendable {
    /// The app's name for the region.
    public let identifier: String
    /// Whether entering the region is reported (default true).
    open var notifyOnEntry = true
    /// Whether leaving the region is reported (default true).
    open var notifyOnExit = true

    init(identifier: String) {
        self.identifier = identifier
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CLRegion)?.identifier == identifier
    }

    open override var hash: Int { identifier.hashValue }
}
