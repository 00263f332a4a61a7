import BackgroundApp
package import BackgroundAudio
import EmulatedFoundation

// The adapter of MediaPlayer to the emulated device: a remote command the app seam hands the app's code
// (BackgroundTestKit's DeviceCode) goes to the handlers of the shared center's command, on the main queue, and
// what the app sets in the Now Playing center goes to the audio mode's publisher, as the manifest app's does.

/// The app's remote command center and Now Playing center on the running device.
package enum EmulatedRemoteControl {
    /// Hands `command` to the app's handlers of the matching command (none run when the command is disabled or
    /// has none): false when the app's code has no handler on any command, so that the manifest's
    /// `remoteCommands:` answer instead. `changeVolume` reaches no handler (iOS leaves the volume to the system).
    package static func deliver(_ command: RemoteCommand) -> Bool {
        let center = MPRemoteCommandCenter.shared()
        guard center.commands.contains(where: \.hasTargets) else { return false }
        let timestamp = ProcessInfo.processInfo.systemUptime
        let event: MPRemoteCommandEvent? = switch command {
        case .play: MPRemoteCommandEvent(command: center.playCommand, timestamp: timestamp)
        case .pause: MPRemoteCommandEvent(command: center.pauseCommand, timestamp: timestamp)
        case .togglePlayPause: MPRemoteCommandEvent(command: center.togglePlayPauseCommand, timestamp: timestamp)
        case .stop: MPRemoteCommandEvent(command: center.stopCommand, timestamp: timestamp)
        case .nextTrack: MPRemoteCommandEvent(command: center.nextTrackCommand, timestamp: timestamp)
        case .previousTrack: MPRemoteCommandEvent(command: center.previousTrackCommand, timestamp: timestamp)
        case .skip(let offset):
            MPSkipIntervalCommandEvent(
                command: offset < .zero ? center.skipBackwardCommand : center.skipForwardCommand, timestamp: timestamp,
                interval: abs(offset.timeInterval))
        case .changePlaybackPosition(let position):
            MPChangePlaybackPositionCommandEvent(
                command: center.changePlaybackPositionCommand, timestamp: timestamp, positionTime: position.timeInterval)
        case .changeVolume: nil
        }
        if let event { _ = event.command.send(event) }
        return true
    }

    /// The app's process ended (or its device did): its handlers and its Now Playing with it.
    package static func processDidEnd() {
        for command in MPRemoteCommandCenter.shared().commands { command.reset() }
        MPNowPlayingInfoCenter.default().reset()
    }

    /// The app set `MPNowPlayingInfoCenter.nowPlayingInfo`: the audio mode publishes it.
    static func nowPlayingInfoDidChange(_ info: [String: Any]?) {
        let shown = info.map { info in
            NowPlayingInfo(
                title: info[MPMediaItemPropertyTitle] as? String, artist: info[MPMediaItemPropertyArtist] as? String,
                album: info[MPMediaItemPropertyAlbumTitle] as? String,
                duration: seconds(info[MPMediaItemPropertyPlaybackDuration]).map(Duration.init(timeInterval:)),
                elapsed: seconds(info[MPNowPlayingInfoPropertyElapsedPlaybackTime]).map(Duration.init(timeInterval:)) ?? .zero)
        }
        let rate = info.flatMap { seconds($0[MPNowPlayingInfoPropertyPlaybackRate]) }
        EmulatedSystem.sync {
            EmulatedSystem.current?.app.mode(AudioMode.self)?.appNowPlayingDidChange(shown, rate: rate)
        }
    }

    /// A number of the dictionary, as an app gives it (`Double`, `Int`, `Float`, `NSNumber`).
    private static func seconds(_ value: Any?) -> Double? {
        switch value {
        case let value as Double: value
        case let value as Int: Double(value)
        case let value as Float: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
    }
}
