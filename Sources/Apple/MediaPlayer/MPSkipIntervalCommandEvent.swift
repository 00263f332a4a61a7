/// A skip forward or backward, as Apple's `MPSkipIntervalCommandEvent`.
open class MPSkipIntervalCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// How far to skip, in seconds (positive; the command says which way).
    open private(set) var interval: TimeInterval

    init(command: MPRemoteCommand, timestamp: TimeInterval, interval: TimeInterval) {
        self.interval = interval
        super.init(command: command, timestamp: timestamp)
    }
}
