public import BackgroundCore

/// Plays a queue of files to an ``AudioOutput``, shaped like `AVAudioPlayer`: prepare, play, pause,
/// stop, seek, volume with fades, loops, and events.
///
/// Files whose formats match play gaplessly on one open output; when the format changes the output is
/// drained and reopened. At a volume of exactly 1.0 the decoded bytes reach the output untouched; any other
/// volume (or a fade) is applied to the samples here, in the app, as iOS mixes an app's volume.
///
/// Two pacings, one behaviour:
/// - ``Pacing/device``: a dedicated thread writes to the output and the device's blocking writes pace it
///   (never the cooperative pool). Events are stamped when frames are written.
/// - ``Pacing/virtual(_:)``: writes are actions on an `EventEngine`; a chunk of n frames lasts
///   n / rate seconds of virtual time, so `audio.finished` comes exactly one file-length after
///   `audio.started` and an emulated app can schedule around it. Record events on a timeline with
///   ``addEventListener(_:)`` (they carry the engine's `now`).
///
/// The position (``currentTime``) is the frames written minus the output's delay (virtual time: minus
/// what has not yet played out), so it is what is heard, not what was decoded.
///
/// ```swift
/// let player = AudioPlayer(files: ["a.wav", "b.wav"], output: ALSAOutput(device: "default"),
///                          open: AudioFile.open)
/// player.numberOfLoops = 1                       // each file twice
/// player.play()
/// for await event in player.events { if case .endOfQueue = event { break } }
/// ```
/// In a test, on virtual time:
/// ```swift
/// let engine = EventEngine(start: .defaultStart)
/// let output = RecordingAudioOutput()
/// let player = AudioPlayer(files: ["tone"], output: output, pacing: .virtual(engine)) { _ in ToneDecoder(seconds: 2) }
/// player.play(); engine.run()
/// #expect(output.frames.count == 2 * 44_100)
/// ```
///
/// The rules (what play, pause, an interruption or the end of a file lead to) are a state machine; the
/// device and virtual drivers (Internal/) do what it says, and one `EventBroadcaster` hands the events to
/// the stream, the sinks and the delegate, in that order.
///
/// - Warning: With ``Pacing/virtual(_:)`` call every method on the engine's owner (the engine is not
///   thread-safe). With ``Pacing/device`` the methods may be called from any thread.
public final class AudioPlayer: @unchecked Sendable {
    // @unchecked: the state is the playback driver's (thread-safe); `stream` is guarded by its control
    // lock; with virtual pacing, the virtual driver is used on the engine's owner only (see the warning).

    /// What paces the writes.
    public enum Pacing {
        /// The device: blocking writes on a dedicated thread.
        case device
        /// Virtual time on an engine.
        case virtual(EventEngine)
    }

    private enum Driver {
        case device(DeviceDriver)
        case virtual(VirtualDriver)
    }

    private let playback: PlaybackDriver
    private let driver: Driver
    private let session: AudioSession?
    private var stream: AsyncStream<AudioPlayerEvent>?

    /// Every event from the first time it is asked for, in order, for one consumer (ask before
    /// ``play()`` to see them all). The stream never finishes by itself; stop reading after
    /// ``AudioPlayerEvent/endOfQueue(success:)``.
    ///
    /// It is made on first use: a player that reports through ``addEventListener(_:)`` or its delegate
    /// buffers nothing and wakes no task.
    public var events: AsyncStream<AudioPlayerEvent> {
        playback.control.withLock {
            if let stream { return stream }
            let (events, continuation) = AsyncStream<AudioPlayerEvent>.makeStream()
            playback.broadcaster.addStream(yield: { continuation.yield($0) }, finish: { continuation.finish() })
            stream = events
            return events
        }
    }

    /// Creates a player for `files`, opened one by one with `open` (for example `AudioFile.open`).
    ///
    /// - Parameters:
    ///   - files: Played in order, gaplessly when formats match.
    ///   - output: Where frames go; opened on the first play, closed at the end or on stop.
    ///   - pacing: The device's clock (default) or an engine's virtual time.
    ///   - session: The audio session whose interruptions, route changes and background rules apply.
    public init(
        files: [String], output: any AudioOutput, pacing: Pacing = .device, session: AudioSession? = nil,
        open: @escaping (String) throws -> any AudioDecoder
    ) {
        switch pacing {
        case .device:
            playback = PlaybackDriver(files: files, output: output, engine: nil, session: session, open: open)
            driver = .device(DeviceDriver(playback))
        case .virtual(let engine):
            playback = PlaybackDriver(files: files, output: output, engine: engine, session: session, open: open)
            driver = .virtual(VirtualDriver(playback, engine: engine))
        }
        self.session = session
        session?.register(self)
    }

    // MARK: - Properties

    /// True while playing (not paused, stopped or finished).
    public var isPlaying: Bool { playback.withMachine { $0.status == .playing } }

    /// The file playing or paused now.
    public var currentFile: String? { playback.withMachine { $0.file } }

    /// The length of the current file, when its decoder knows it.
    public var duration: Duration? { playback.withMachine { $0.duration } }

    /// The position heard in the current file; setting it seeks (playing or not). Stop keeps it.
    public var currentTime: Duration {
        get { playback.withMachine { $0.pendingSeek ?? $0.position } }
        set {
            playback.withMachine { $0.seek(to: newValue) }
            kick()
        }
    }

    /// Extra passes of each file: 0 plays it once, n plays it n + 1 times, negative loops forever.
    public var numberOfLoops: Int {
        get { playback.withMachine { $0.numberOfLoops } }
        set { playback.withMachine { $0.numberOfLoops = newValue } }
    }

    /// The gain applied to the samples, 0…1 (1 passes them bit for bit). Setting it applies at once.
    public var volume: Float {
        get { playback.withMachine { Float($0.volume) } }
        set { setVolume(newValue, fadeDuration: .zero) }
    }

    /// As `AVAudioPlayer.delegate`; held weakly.
    public var delegate: (any AudioPlayerDelegate)? {
        get { playback.broadcaster.delegate as? any AudioPlayerDelegate }
        set {
            playback.broadcaster.setDelegate(newValue) { [weak self, weak newValue] event in
                guard let self, let newValue else { return }
                switch event {
                case .endOfQueue(let success): newValue.audioPlayerDidFinishPlaying(self, successfully: success)
                case .decodeError(let file, let message):
                    newValue.audioPlayerDecodeErrorDidOccur(self, error: AudioDecodeError(file: file, message: message))
                case .interrupted: newValue.audioPlayerBeginInterruption(self)
                default: break
                }
            }
        }
    }

    /// Adds a synchronous receiver of every event, called where events are produced (see the warning on
    /// the type). On virtual time this is how an app records `audio.*` on its timeline:
    /// `player.addEventListener { if let record = $0.timelineRecord { timeline.record(record) } }`.
    public func addEventListener(_ listener: @escaping (AudioPlayerEvent) -> Void) {
        playback.broadcaster.addEventListener(listener)
    }

    // MARK: - Control

    /// Fades the volume to `volume` (clamped to 0…1) over `fadeDuration` of audio.
    public func setVolume(_ volume: Float, fadeDuration: Duration) {
        let clamped = min(max(Double(volume), 0), 1)
        playback.withMachine { $0.setVolume(clamped, fade: fadeDuration) }
        kick()
    }

    /// Opens the first file and the output so that `play()` starts at once, as `prepareToPlay()`.
    ///
    /// - Throws: The opener's error (an `InputError`) or an ``AudioOutputError``.
    public func prepareToPlay() throws {
        try playback.prepare()
    }

    /// Starts or resumes playback; returns false when the session does not allow playing now (an
    /// interruption, or the background without background audio).
    @discardableResult
    public func play() -> Bool {
        if let session {
            guard session.canPlay else { return false }
            session.activateForPlayback()
        }
        if playback.withMachine({ $0.play() }) == .startWriter, case .device(let device) = driver {
            device.start(keepingAlive: self)
        }
        kick()
        return true
    }

    /// Pauses; `play()` resumes from the same place.
    public func pause() {
        if playback.withMachine({ $0.pause() }) { kick() }
    }

    /// Stops playback and closes the output, keeping the position (as `AVAudioPlayer.stop()`);
    /// `play()` starts again from there. Returns once the output is closed.
    public func stop() {
        if playback.withMachine({ $0.stop() }) { kick() }
        if case .device(let device) = driver { device.waitUntilStopped() }
    }

    /// Moves `offset` files along the queue (1: the next file, -1: the previous; never before the first, and
    /// past the last the queue ends), as a queue player's `advanceToNextItem()`: the file left ends
    /// (`finished`, successfully, if it had started) and the target starts from its beginning. Playing, it
    /// takes effect at the next step; paused or stopped, when playback goes on.
    public func skip(by offset: Int) {
        playback.withMachine { $0.skip(by: offset) }
        kick()
    }

    /// The files of the queue, in order, and the index of the one playing (or to play next).
    public var queue: (files: [String], index: Int) { playback.withMachine { ($0.files, $0.queueIndex) } }

    /// Applies a session notification (called by ``AudioSession``).
    func handle(_ notification: AudioSession.Notification) {
        let changed: Bool
        switch notification {
        case .interruptionBegan:
            changed = playback.withMachine { $0.interruptionBegan() }
        case .interruptionEnded(let shouldResume):
            guard playback.withMachine({ $0.isInterrupted }) else { return }
            delegate?.audioPlayerEndInterruption(self)
            let resume = shouldResume && (session?.canPlay ?? true)
            changed = playback.withMachine { $0.interruptionEnded(resume: resume) }
        case .routeChange(.oldDeviceUnavailable):
            changed = playback.withMachine { $0.routeBecameUnavailable() }
        case .routeChange:
            changed = false
        }
        if changed { kick() }
    }

    /// On virtual time, applies a change at once (the device's writer thread wakes by itself).
    private func kick() {
        if case .virtual(let driver) = driver { driver.kick() }
    }
}
