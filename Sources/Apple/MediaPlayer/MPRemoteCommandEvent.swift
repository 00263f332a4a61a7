/// A remote command as its handler receives it, as Apple's `MPRemoteCommandEvent`.
open class MPRemoteCommandEvent: NSObject, @unchecked Sendable {
    /// The command sent.
    open private(set) var command: MPRemoteCommand
    /// When it was sent, in seconds of the device's uptime (`ProcessInfo.systemUptime`, on the device's clock).
    open private(set) var timestamp: TimeInterval

    init(command: MPRemoteCommand, timestamp: TimeInterval) {
        self.command = command
        self.timestamp = timestamp
    }
}
