/// A new playback rate, as Apple's `MPChangePlaybackRateCommandEvent`.
open class MPChangePlaybackRateCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// The rate asked for (1 is normal speed).
    open private(set) var playbackRate: Float

    init(command: MPRemoteCommand, timestamp: TimeInterval, playbackRate: Float) {
        self.playbackRate = playbackRate
        super.init(command: command, timestamp: timestamp)
    }
}
