/// `skipForwardCommand` and `skipBackwardCommand`, as Apple's `MPSkipIntervalCommand`: its events are
/// ``MPSkipIntervalCommandEvent``s.
open class MPSkipIntervalCommand: MPRemoteCommand, @unchecked Sendable {
    /// The skip intervals the app offers, in seconds (empty until the app sets them; Apple documents no default).
    open var preferredIntervals: [NSNumber] {
        get { lock.withLock { intervals } }
        set { lock.withLock { intervals = newValue } }
    }

    private var intervals: [NSNumber] = []

    override func reset() {
        super.reset()
        preferredIntervals = []
    }
}
