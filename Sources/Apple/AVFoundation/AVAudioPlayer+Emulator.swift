import BackgroundApp
package import BackgroundAudio
import BackgroundCore
import EmulatedFoundation

// The adapter of AVFoundation to the audio mode: its session (AudioSession) and players made by the mode
// (AudioMode.player(for:)), so that they are recorded and keep the app running as `play:` does. The session's
// notifications reach the app through the app seam (BackgroundTestKit's DeviceCode hands them to post(_:)).

/// AVFoundation's calls on the running device, on the main thread.
package enum EmulatedAudio {
    private static var mode: AudioMode? { EmulatedSystem.current?.app.mode(AudioMode.self) }

    /// The session's interruption or route change, posted as AVAudioSession's notification.
    package static func post(_ notification: AudioSession.Notification) {
        let info: [AnyHashable: Any]
        let name: Notification.Name
        switch notification {
        case .interruptionBegan:
            name = AVAudioSession.interruptionNotification
            info = [AVAudioSessionInterruptionTypeKey: AVAudioSession.InterruptionType.began.rawValue]
        case .interruptionEnded(let shouldResume):
            name = AVAudioSession.interruptionNotification
            info = [
                AVAudioSessionInterruptionTypeKey: AVAudioSession.InterruptionType.ended.rawValue,
                AVAudioSessionInterruptionOptionKey: (shouldResume ? AVAudioSession.InterruptionOptions.shouldResume : []).rawValue,
            ]
        case .routeChange(let reason):
            name = AVAudioSession.routeChangeNotification
            let why: AVAudioSession.RouteChangeReason = reason == .newDeviceAvailable ? .newDeviceAvailable : .oldDeviceUnavailable
            info = [AVAudioSessionRouteChangeReasonKey: why.rawValue]
        }
        NotificationCenter.default.post(name: name, object: AVAudioSession.sharedInstance(), userInfo: info)
    }

    static func setCategory(_ category: AVAudioSession.Category) {
        EmulatedSystem.sync {
            let emulated: AudioSession.Category = switch category {
            case .ambient: .ambient
            case .playback, .multiRoute: .playback
            case .playAndRecord: .playAndRecord
            default: .soloAmbient
            }
            mode?.session.setCategory(emulated)
        }
    }

    static func setActive(_ active: Bool) throws {
        try EmulatedSystem.sync {
            do {
                try mode?.session.setActive(active)
            } catch {
                // '!int': AVAudioSession.ErrorCode.cannotInterruptOthers.
                throw NSError(domain: NSOSStatusErrorDomain, code: 560_557_684, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
            }
        }
    }

    /// The emulator's player behind an AVAudioPlayer.
    final class Player: @unchecked Sendable {
        weak var owner: AVAudioPlayer?
        private let player: AudioPlayer

        init(_ url: URL) throws {
            let made: AudioPlayer? = EmulatedSystem.sync { mode?.player(for: url.path) }
            guard let made else {
                throw NSError(domain: NSOSStatusErrorDomain, code: -50, userInfo: [NSLocalizedDescriptionKey: "no emulated device plays audio"])
            }
            player = made
            do {
                try EmulatedSystem.sync { try player.prepareToPlay() }
            } catch {
                // kAudioFileUnsupportedFileTypeError ('typ?') for what cannot be opened or decoded.
                throw NSError(domain: NSOSStatusErrorDomain, code: 1_954_115_647, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
            }
            player.addEventListener { [weak self] event in
                guard case .endOfQueue(let success) = event, let owner = self?.owner else { return }
                owner.delegate?.audioPlayerDidFinishPlaying(owner, successfully: success)
            }
        }

        var isPlaying: Bool { EmulatedSystem.sync { player.isPlaying } }
        var duration: TimeInterval { EmulatedSystem.sync { player.duration?.timeInterval ?? 0 } }
        var currentTime: TimeInterval {
            get { EmulatedSystem.sync { player.currentTime.timeInterval } }
            set { EmulatedSystem.sync { player.currentTime = Duration(timeInterval: newValue) } }
        }
        var numberOfLoops: Int {
            get { EmulatedSystem.sync { player.numberOfLoops } }
            set { EmulatedSystem.sync { player.numberOfLoops = newValue } }
        }
        var volume: Float {
            get { EmulatedSystem.sync { player.volume } }
            set { EmulatedSystem.sync { player.volume = newValue } }
        }

        func prepareToPlay() -> Bool { EmulatedSystem.sync { (try? player.prepareToPlay()) != nil } }
        func play() -> Bool { EmulatedSystem.sync { player.play() } }
        func pause() { EmulatedSystem.sync { player.pause() } }
        func stop() { EmulatedSystem.sync { player.stop() } }
    }
}
