import BackgroundCore

/// The app's audio session, shaped like `AVAudioSession`: a category, activation, interruptions and
/// route changes, and the rule that decides whether audio keeps playing in the background.
///
/// Players created with a session obey it: an interruption pauses them (``AudioPlayerEvent/interrupted(file:)``)
/// and, when it ends with `shouldResume`, resumes them; the output device going away
/// (``RouteChangeReason/oldDeviceUnavailable``) pauses them; going to the background pauses them unless
/// ``allowsBackgroundPlayback``. Tests and commands inject interruptions and route changes.
///
/// ```swift
/// let session = AudioSession(category: .playback, backgroundAudioMode: true)   // UIBackgroundModes: audio
/// let player = AudioPlayer(files: ["tour.wav"], output: output, session: session, open: AudioFile.open)
/// player.play()
/// session.applicationDidEnterBackground()        // keeps playing: playback + the audio mode
/// session.beginInterruption()                    // a phone call: audio.interrupted
/// session.endInterruption(shouldResume: true)    // audio.resumed
/// ```
///
/// - Warning: On virtual time, call it on the engine's owner, like the player.
public final class AudioSession: @unchecked Sendable {
    // @unchecked: every mutable property is guarded by `lock`; observers are called after it is released.

    /// How the app uses audio; as `AVAudioSession.Category`, with its documented behaviour.
    public enum Category: String, Hashable, Sendable, CaseIterable {
        /// Sounds that are not central to the app; mixes with other audio; silenced by the Silent switch
        /// and by screen locking.
        case ambient
        /// The default: like `ambient` but nonmixable (activating it interrupts other nonmixable audio).
        case soloAmbient
        /// Audio central to the app; continues with the Silent switch on and when the screen locks, and
        /// in the background with the `audio` background mode.
        case playback
        /// Recording and playback (VoIP); continues like `playback`, and in the background with the
        /// `audio` background mode.
        case playAndRecord

        /// True for the categories Apple documents as continuing in the background when the app has the
        /// `audio` background mode: `playback` and `playAndRecord`.
        public var supportsBackgroundAudio: Bool { self == .playback || self == .playAndRecord }
        /// True for `ambient` and `soloAmbient`: silenced by the Ring/Silent switch and by screen locking.
        public var isSilencedByScreenLock: Bool { !supportsBackgroundAudio }
        /// True only for `ambient`: mixes with other apps' audio instead of interrupting it.
        public var mixesWithOthers: Bool { self == .ambient }
    }

    /// Why the output route changed (as `AVAudioSession.RouteChangeReason`, the cases bgkit produces).
    public enum RouteChangeReason: String, Hashable, Sendable {
        /// The device in use went away (headphones unplugged, USB card removed): players pause.
        case oldDeviceUnavailable
        /// A new device appeared; playback goes on.
        case newDeviceAvailable
    }

    /// What a session tells its observers.
    public enum Notification: Hashable, Sendable {
        /// Another audio session (a call, an alarm) or the system took the audio; `appWasSuspended` when
        /// it happened because the app went to the background without background audio.
        case interruptionBegan(appWasSuspended: Bool)
        /// The interruption is over; `shouldResume` as `AVAudioSession.InterruptionOptions.shouldResume`.
        case interruptionEnded(shouldResume: Bool)
        case routeChange(RouteChangeReason)
    }

    /// Deactivating while a player plays fails, as `AVAudioSession.ErrorCode.isBusy` does.
    public struct BusyError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String {
            "The audio session cannot be deactivated while a player is playing; pause or stop it first."
        }
    }

    private struct State {
        var category: Category
        var isActive = false
        var inBackground = false
        var interrupted = false
        /// The interruption is the move to the background (not another session's).
        var suspendedInBackground = false
        var players: [WeakPlayer] = []
        var observers: [(Notification) -> Void] = []
    }

    private struct WeakPlayer {
        weak var player: AudioPlayer?
    }

    private let backgroundAudioMode: Bool
    private let lock = ConditionLock()
    private var state: State

    /// Creates a session. `backgroundAudioMode` says whether the app declares the `audio` value in
    /// `UIBackgroundModes`.
    public init(category: Category = .soloAmbient, backgroundAudioMode: Bool = false) {
        self.state = State(category: category)
        self.backgroundAudioMode = backgroundAudioMode
    }

    public var category: Category { lock.withLock { state.category } }
    public var isActive: Bool { lock.withLock { state.isActive } }
    public var isInBackground: Bool { lock.withLock { state.inBackground } }
    public var hasBackgroundAudioMode: Bool { backgroundAudioMode }

    /// True when audio may play in the background: a category that supports it and the `audio` mode.
    public var allowsBackgroundPlayback: Bool { category.supportsBackgroundAudio && backgroundAudioMode }

    /// True when a player may play now: in the foreground, or in the background when allowed.
    public var canPlay: Bool {
        lock.withLock { !state.interrupted && (!state.inBackground || (state.category.supportsBackgroundAudio && backgroundAudioMode)) }
    }

    /// Sets the category; in the background, a category without background audio suspends playback.
    public func setCategory(_ category: Category) {
        lock.withLock { state.category = category }
        if isInBackground && !allowsBackgroundPlayback { suspendForBackground() }
    }

    /// Activates or deactivates the session; deactivating while a player plays throws ``BusyError``.
    /// Activating it in the background in a category that plays there (with the audio mode) ends the
    /// suspension the move to the background caused, as an app woken in the background (a region entry)
    /// may start playing on iOS.
    public func setActive(_ active: Bool) throws(BusyError) {
        let players = lock.withLock { state.players.compactMap(\.player) }
        if !active && players.contains(where: \.isPlaying) { throw BusyError() }
        let allowed = allowsBackgroundPlayback
        lock.withLock {
            state.isActive = active
            if active && allowed && state.suspendedInBackground {
                state.interrupted = false
                state.suspendedInBackground = false
            }
        }
    }

    /// Adds a listener of interruptions and route changes (as observing `AVAudioSession`'s notifications).
    public func addNotificationListener(_ listener: @escaping (Notification) -> Void) {
        lock.withLock { state.observers.append(listener) }
    }

    /// The app moved to the background: players pause (an interruption with `appWasSuspended`) unless
    /// the category and the `audio` mode allow background audio.
    public func applicationDidEnterBackground() {
        lock.withLock { state.inBackground = true }
        if !allowsBackgroundPlayback { suspendForBackground() }
    }

    /// The app is in the foreground again; players paused by the move stay paused until played.
    public func applicationWillEnterForeground() {
        let wasSuspended = lock.withLock {
            defer { state.inBackground = false }
            return state.interrupted && state.inBackground
        }
        if wasSuspended { endInterruption(shouldResume: false) }
    }

    /// Another session took the audio (a phone call): playing players pause.
    public func beginInterruption() {
        lock.withLock { state.interrupted = true }
        post(.interruptionBegan(appWasSuspended: false))
    }

    /// The interruption ended: players it paused resume when `shouldResume`.
    public func endInterruption(shouldResume: Bool) {
        lock.withLock {
            state.interrupted = false
            state.suspendedInBackground = false
        }
        post(.interruptionEnded(shouldResume: shouldResume))
    }

    /// The output route changed; `oldDeviceUnavailable` pauses playing players.
    public func routeChange(_ reason: RouteChangeReason) {
        post(.routeChange(reason))
    }

    func register(_ player: AudioPlayer) {
        lock.withLock {
            state.players.removeAll { $0.player == nil }
            state.players.append(WeakPlayer(player: player))
        }
    }

    /// Called by a player that starts: the session becomes active, as `AVAudioPlayer.play()` does.
    func activateForPlayback() {
        lock.withLock { state.isActive = true }
    }

    private func suspendForBackground() {
        lock.withLock {
            state.interrupted = true
            state.suspendedInBackground = true
        }
        post(.interruptionBegan(appWasSuspended: true))
    }

    private func post(_ notification: Notification) {
        let (players, observers) = lock.withLock { (state.players.compactMap(\.player), state.observers) }
        for player in players { player.handle(notification) }
        for observer in observers { observer(notification) }
    }
}
