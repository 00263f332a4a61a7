/// Where an app's Now Playing goes and its remote commands come from, outside the app: MPRIS on Linux
/// (`MPRISPlayer`), and the seam a `MediaPlayer` module's `MPNowPlayingInfoCenter` and
/// `MPRemoteCommandCenter` map onto. Made with a handler of the commands (see `EmulatedApp.Audio.remote`).
public protocol NowPlayingPublisher: AnyObject, Sendable {
    /// Tells what plays now; from any thread.
    func update(_ info: NowPlayingInfo)
    /// Stops publishing.
    func close()
}
