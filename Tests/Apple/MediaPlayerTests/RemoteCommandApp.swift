import AVFoundation
import MediaPlayer
import UIKit

/// A tour player as iOS apps write one: the session at launch, a player per stop, remote command handlers for
/// play/pause and the next stop, and Now Playing set on each change.
final class RemoteCommandApp: UIResponder, UIApplicationDelegate {
    nonisolated(unsafe) static var stops: [URL] = []

    var player: AVAudioPlayer?
    var stop = 0
    /// What ``MPRemoteCommand/addTarget(handler:)`` returned for the play/pause handler.
    var toggleTarget: Any?
    /// Every event the handlers received: the command's name and the event's timestamp.
    var received: [(command: String, timestamp: TimeInterval)] = []

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
        try? AVAudioSession.sharedInstance().setActive(true)
        play(stop: 0)
        let center = MPRemoteCommandCenter.shared()
        toggleTarget = center.togglePlayPauseCommand.addTarget { [unowned self] event in
            received.append(("togglePlayPause", event.timestamp))
            guard let player else { return .noActionableNowPlayingItem }
            if player.isPlaying { player.pause() } else { player.play() }
            updateNowPlaying()
            return .success
        }
        center.nextTrackCommand.addTarget { [unowned self] event in
            received.append(("nextTrack", event.timestamp))
            guard stop + 1 < Self.stops.count else { return .noSuchContent }
            play(stop: stop + 1)
            return .success
        }
        return true
    }

    func play(stop: Int) {
        player?.stop()
        self.stop = stop
        player = try? AVAudioPlayer(contentsOf: Self.stops[stop])
        player?.play()
        updateNowPlaying()
    }

    func updateNowPlaying() {
        guard let player else { return }
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [
            MPMediaItemPropertyTitle: "Stop \(stop + 1)",
            MPMediaItemPropertyArtist: "City Museum",
            MPMediaItemPropertyAlbumTitle: "Old Town",
            MPMediaItemPropertyPlaybackDuration: player.duration,
            MPNowPlayingInfoPropertyElapsedPlaybackTime: player.currentTime,
            MPNowPlayingInfoPropertyPlaybackRate: player.isPlaying ? 1.0 : 0.0,
        ]
    }
}
