/// The commands a Now Playing app answers, as Apple's `MPRemoteCommandCenter`: one shared center, whose
/// commands the lock screen, headphones and a car send — on the emulated device, MPRIS (`bgloc live`), a
/// `lifecycle:` step `{audio: remote, command: …}` or `EmulatedDevice.remoteCommand(_:)`.
///
/// ```swift
/// let center = MPRemoteCommandCenter.shared()
/// center.nextTrackCommand.addTarget { [unowned self] _ in playNext(); return .success }
/// center.previousTrackCommand.isEnabled = false
/// ```
open class MPRemoteCommandCenter: NSObject, @unchecked Sendable {
    private static let center = MPRemoteCommandCenter()

    /// The app's center.
    open class func shared() -> MPRemoteCommandCenter { center }

    public let playCommand = MPRemoteCommand()
    public let pauseCommand = MPRemoteCommand()
    public let togglePlayPauseCommand = MPRemoteCommand()
    public let stopCommand = MPRemoteCommand()
    public let nextTrackCommand = MPRemoteCommand()
    public let previousTrackCommand = MPRemoteCommand()
    public let skipForwardCommand = MPSkipIntervalCommand()
    public let skipBackwardCommand = MPSkipIntervalCommand()
    public let changePlaybackPositionCommand = MPChangePlaybackPositionCommand()

    private override init() {}

    /// Every command of the center.
    var commands: [MPRemoteCommand] {
        [
            playCommand, pauseCommand, togglePlayPauseCommand, stopCommand, nextTrackCommand, previousTrackCommand,
            skipForwardCommand, skipBackwardCommand, changePlaybackPositionCommand,
        ]
    }
}
