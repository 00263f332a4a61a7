/// `changePlaybackRateCommand`, as Apple's `MPChangePlaybackRateCommand`: its events are
/// ``MPChangePlaybackRateCommandEvent``s (the emulated device sends none yet).
open class MPChangePlaybackRateCommand: MPRemoteCommand, @unchecked Sendable {
    /// The rates the app offers (empty until the app sets them).
    open var supportedPlaybackRates: [NSNumber] {
        get { lock.withLock { rates } }
        set { lock.withLock { rates = newValue } }
    }

    private var rates: [NSNumber] = []

    override func reset() {
        super.reset()
        supportedPlaybackRates = []
    }
}
