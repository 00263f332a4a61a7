/// A new position in the item playing, as Apple's `MPChangePlaybackPositionCommandEvent`.
open class MPChangePlaybackPositionCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// The position asked for, in seconds from the item's start.
    open private(set) var positionTime: TimeInterval

    init(command: MPRemoteCommand, timestamp: TimeInterval, positionTime: TimeInterval) {
        self.positionTime = positionTime
        super.init(command: command, timestamp: timestamp)
    }
}
