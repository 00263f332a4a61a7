/// A command from outside the app — the lock screen, headphone buttons, a car, a desktop's media keys — as
/// `MPRemoteCommandCenter`'s commands: what `bgaudio play` and an app's audio receive over MPRIS
/// (docs/AUDIO.md, "Remote control"), and what a `MediaPlayer` module's `MPRemoteCommandCenter` maps onto.
///
/// ```swift
/// player.perform(.togglePlayPause)       // what a player does with it (AudioPlayer+Remote)
/// player.perform(.nextTrack)             // the next file of the queue: audio.finished, audio.started
/// ```
public enum RemoteCommand: Hashable, Sendable {
    /// `playCommand`.
    case play
    /// `pauseCommand`.
    case pause
    /// `togglePlayPauseCommand`.
    case togglePlayPause
    /// `stopCommand`.
    case stop
    /// `nextTrackCommand`.
    case nextTrack
    /// `previousTrackCommand`.
    case previousTrack
    /// `skipForwardCommand` / `skipBackwardCommand` (negative): move the position by this much.
    case skip(by: Duration)
    /// `changePlaybackPositionCommand`: move to this position in the current file.
    case changePlaybackPosition(to: Duration)
    /// MPRIS's `Volume` (iOS keeps the volume to the system): the player's volume, 0…1.
    case changeVolume(to: Double)

    /// The command's name in `MPRemoteCommandCenter` (`nextTrack`), as a manifest's `remoteCommands:` names it.
    public var name: String {
        switch self {
        case .play: "play"
        case .pause: "pause"
        case .togglePlayPause: "togglePlayPause"
        case .stop: "stop"
        case .nextTrack: "nextTrack"
        case .previousTrack: "previousTrack"
        case .skip: "skip"
        case .changePlaybackPosition: "changePlaybackPosition"
        case .changeVolume: "changeVolume"
        }
    }

    /// Every command's name.
    public static let names = ["play", "pause", "togglePlayPause", "stop", "nextTrack", "previousTrack", "skip", "changePlaybackPosition", "changeVolume"]
}
