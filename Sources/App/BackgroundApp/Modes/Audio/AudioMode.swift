package import BackgroundAudio
package import BackgroundCore

/// The audio background mode: the app's ``AudioSession`` (the manifest's `audio:` category) and the
/// ``AudioPlayer`` of the clip playing. It carries out `play:` actions; audio playing in a category that
/// continues in the background, with the `audio` mode, keeps the app running
/// (``AppLifecycle/Activity/audio``). Leaving the foreground interrupts audio that may not go on. The app's
/// code hears the session's interruptions and route changes (``AppCode/audioSession(_:didPost:)``) and the remote
/// commands (``AppCode/remoteCommandCenter(_:didReceive:)``); what plays goes to the Now Playing publisher.
///
/// ```swift
/// let audio = EmulatedApp.Audio(output: { ALSAOutput(device: $0) }, open: AudioFile.open)
/// let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline, modes: [AudioMode(audio: audio)])
/// ```
package final class AudioMode: BackgroundMode {
    /// The session, once the mode is attached.
    package private(set) var session: AudioSession!
    /// The player of the clip playing (or paused) now.
    package private(set) var player: AudioPlayer?

    let audio: EmulatedApp.Audio?
    unowned var app: EmulatedApp?
    private var device = "default"
    /// Where Now Playing goes and remote commands come from (``EmulatedApp/Audio/remote``), while published.
    var publisher: (any NowPlayingPublisher)?
    /// The interruption under way (counted, so that a scheduled end ends only its own), if any.
    var interruption: Int?
    var interruptions = 0
    /// The clips' tags, read once each.
    var tagCache: [String: AudioTags] = [:]
    /// What the app's own code says plays (`MPNowPlayingInfoCenter`), with its playback rate, if it said it.
    var codeNowPlaying: (info: NowPlayingInfo, rate: Double?)?
    /// The players made for the app's own code (``player(for:)``), weakly: the code owns them; each stops
    /// with the process.
    var codePlayers: [() -> AudioPlayer?] = []

    /// - Parameter audio: Where clips play; nil reports every `play` action as an `error` event.
    package init(audio: EmulatedApp.Audio?) {
        self.audio = audio
    }

    package func attach(to app: EmulatedApp) throws(InputError) {
        self.app = app
        device = app.configuration.audioDevice ?? app.manifest.audio?.device ?? "default"
        session = AudioSession(
            category: Self.sessionCategory(app.manifest.audio?.category ?? .soloAmbient),
            backgroundAudioMode: app.manifest.backgroundModes.contains("audio"))
        publishRemote()
        // Beside whatever else observes the session: the app's code hears its notifications.
        session.addNotificationListener { [unowned app, unowned session] notification in
            app.code.audioSession(session, didPost: notification)
        }
    }

    /// The clips stop with the process.
    package func appDidTerminate() {
        player?.stop()
        player = nil
        for player in codePlayers { player()?.stop() }
        codePlayers = []
        if codeNowPlaying != nil {
            codeNowPlaying = nil
            updateNowPlaying()
        }
    }

    package func appDidChange(from: LifecycleState, to: LifecycleState) {
        if from == .foreground {
            session.applicationDidEnterBackground()
            if !session.allowsBackgroundPlayback, let player {
                // The session interrupted it (audio.interrupted); without background audio it stops.
                player.stop()
                self.player = nil
            }
        } else if to == .foreground {
            session.applicationWillEnterForeground()
        }
    }

    /// Plays the action's `play:` clip.
    package func perform(_ action: ManifestAction, trigger: ActionTrigger) {
        if let clip = action.play { play(clip) }
    }

    /// Plays `clip` on the session, replacing the clip playing now.
    private func play(_ clip: String) {
        guard let app else { return }
        guard let audio else {
            return problem("cannot play \(clip): this run has no audio output")
        }
        guard app.manifest.audio?.category != .record else {
            return problem("cannot play \(clip): the record audio category does not play audio")
        }
        player?.stop()
        let player = makePlayer(clip, app: app, audio: audio)
        self.player = player
        guard player.play() else {
            self.player = nil
            let why = session.allowsBackgroundPlayback ? "the audio session is interrupted"
                : "the app is in the background and its audio category (\(session.category.rawValue)) "
                    + (session.hasBackgroundAudioMode ? "does not play in the background" : "needs the audio background mode")
            return problem("cannot play \(clip): \(why)")
        }
    }

    /// A player of `file` on the app's output and session, whose events are recorded and keep the app running.
    private func makePlayer(_ file: String, app: EmulatedApp, audio: EmulatedApp.Audio) -> AudioPlayer {
        let player = AudioPlayer(files: [file], output: audio.output(device), pacing: .virtual(app.engine), session: session, open: audio.open)
        player.addEventListener { [unowned self] event in audioEvent(event) }
        return player
    }

    /// A player of `file` for the app's own code (AVFoundation's `AVAudioPlayer` on BackgroundTestKit's
    /// `EmulatedDevice`), as a `play:` action's: nil when the run has no audio output.
    package func player(for file: String) -> AudioPlayer? {
        guard let app, let audio else { return nil }
        let player = makePlayer(file, app: app, audio: audio)
        codePlayers.removeAll { $0() == nil }
        codePlayers.append { [weak player] in player }
        return player
    }

    private func audioEvent(_ event: AudioPlayerEvent) {
        guard let app else { return }
        if let record = event.timelineRecord { app.timeline.record(record) }
        updateNowPlaying()
        switch event {
        case .started(let file), .resumed(let file):
            if session.allowsBackgroundPlayback { app.lifecycle.begin(.audio, reason: "audio \(file) playing") }
        case .finished(let file, _):
            app.lifecycle.end(.audio, reason: "audio \(file) finished")
        case .paused(let file), .interrupted(let file):
            app.lifecycle.end(.audio, reason: "audio \(file) paused")
        case .outputError, .endOfQueue:
            app.lifecycle.end(.audio, reason: "audio ended")
        case .progress, .decodeError:
            break
        }
    }

    func problem(_ message: String) {
        app?.timeline.record(.error(message: message, code: "audio"))
    }

    /// The player's category for the manifest's: `record` never plays; `multiRoute` plays as `playback`.
    private static func sessionCategory(_ category: ManifestAudio.Category) -> AudioSession.Category {
        switch category {
        case .ambient: .ambient
        case .soloAmbient, .record: .soloAmbient
        case .playback, .multiRoute: .playback
        case .playAndRecord: .playAndRecord
        }
    }
}

extension AppLifecycle.Activity {
    /// Audio playing in a category and mode that continue in the background.
    package static let audio = Self("audio", description: "background audio")
}
