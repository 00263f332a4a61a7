/// `changePlaybackPositionCommand`, as Apple's `MPChangePlaybackPositionCommand`: its events are
/// ``MPChangePlaybackPositionCommandEvent``s.
open class MPChangePlaybackPositionCommand: MPRemoteCommand, @unchecked Sendable {}
