/// The callbacks of `AVAudioPlayerDelegate`, for code written against that shape.
///
/// Set ``AudioPlayer/delegate``; every method has an empty default.
///
/// ```swift
/// final class Controller: AudioPlayerDelegate {
///     func audioPlayerDidFinishPlaying(_ player: AudioPlayer, successfully flag: Bool) { print("done", flag) }
/// }
/// ```
/// - Warning: Called where the player produces events: on its writer thread in real time, on the
///   engine's owner on virtual time. Hop to your own executor before touching your state.
public protocol AudioPlayerDelegate: AnyObject {
    /// The whole queue finished; `flag` is false when a file failed to decode or the output failed.
    func audioPlayerDidFinishPlaying(_ player: AudioPlayer, successfully flag: Bool)
    /// A file could not be decoded.
    func audioPlayerDecodeErrorDidOccur(_ player: AudioPlayer, error: any Error)
    /// An interruption paused the player.
    func audioPlayerBeginInterruption(_ player: AudioPlayer)
    /// The interruption ended; the player resumed when the session said it should.
    func audioPlayerEndInterruption(_ player: AudioPlayer)
}

extension AudioPlayerDelegate {
    public func audioPlayerDidFinishPlaying(_ player: AudioPlayer, successfully flag: Bool) {}
    public func audioPlayerDecodeErrorDidOccur(_ player: AudioPlayer, error: any Error) {}
    public func audioPlayerBeginInterruption(_ player: AudioPlayer) {}
    public func audioPlayerEndInterruption(_ player: AudioPlayer) {}
}
