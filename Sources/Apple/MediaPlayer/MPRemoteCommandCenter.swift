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
    // The commands below are the app's to configure and to add handlers to; the emulated device sends none of
    // them yet (neither MPRIS nor `EmulatedDevice.remoteCommand(_:)` carries them).
    /// Seeking forward while the button is held: ``MPSeekCommandEvent``s, `.beginSeeking` then `.endSeeking`.
    public let seekForwardCommand = MPRemoteCommand()
    /// Seeking backward while the button is held: ``MPSeekCommandEvent``s, `.beginSeeking` then `.endSeeking`.
    public let seekBackwardCommand = MPRemoteCommand()
    /// A new playback rate: ``MPChangePlaybackRateCommandEvent``s.
    public let changePlaybackRateCommand = MPChangePlaybackRateCommand()
    /// The user likes what plays: ``MPFeedbackCommandEvent``s.
    public let likeCommand = MPFeedbackCommand()
    /// The user dislikes what plays: ``MPFeedbackCommandEvent``s.
    public let dislikeCommand = MPFeedbackCommand()
    /// The user bookmarks what plays: ``MPFeedbackCommandEvent``s.
    public let bookmarkCommand = MPFeedbackCommand()

    private override init() {}

    /// Every command of the center.
    var commands: [MPRemoteCommand] {
        [
            playCommand, pauseCommand, togglePlayPauseCommand, stopCommand, nextTrackCommand, previousTrackCommand,
            skipForwardCommand, skipBackwardCommand, changePlaybackPositionCommand, seekForwardCommand, seekBackwardCommand,
            changePlaybackRateCommand, likeCommand, dislikeCommand, bookmarkCommand,
        ]
    }
}
