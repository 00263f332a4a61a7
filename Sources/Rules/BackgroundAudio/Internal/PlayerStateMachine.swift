/// The rules of ``AudioPlayer`` without its I/O: what the caller asked for (play, pause, stop, seek,
/// volume, the session's interruptions and route changes), what the driver has applied to the output, and
/// where the queue stands. Its mutating methods take what happened and return what to do; the driver
/// does it (opens, writes, pauses or closes the output) after releasing the lock that guards the machine,
/// in the manner of service-lifecycle's `StateMachine`.
///
/// ```swift
/// var machine = PlayerStateMachine(files: ["a.wav"], runsWriterThread: true)
/// #expect(machine.play() == .startWriter)
/// #expect(machine.nextStep() == .write)
/// #expect(machine.opening() == 0)
/// ```
struct PlayerStateMachine {
    /// What the caller asked for.
    enum Status: Equatable {
        case idle, playing, stopped
        case paused(PauseReason)
    }

    enum PauseReason: Equatable {
        case user, interruption, route
    }

    /// What ``play()`` asks of the driver.
    enum PlayAction: Equatable {
        /// Start the writer thread (the device's pacing), then wake the driver.
        case startWriter
        /// Wake the driver.
        case wake
    }

    /// What the driver does next, from ``nextStep()``.
    enum Step: Equatable {
        /// Nothing to play: the driver stops.
        case finished
        /// Stopped: close the output, moving the decoder back to what was heard, and stop.
        case close
        /// Paused now: pause the output, publish the position, report `announce`, and wait.
        case pause(announce: AudioPlayerEvent?)
        /// Still paused: wait for a change.
        case wait
        /// Playing again: resume the output (a failure is ``failed(_:)``), report `announce`, then write.
        case resume(announce: AudioPlayerEvent?)
        /// Playing: write the next chunk.
        case write
    }

    /// What to do at the end of the current file's data, from ``endOfFile()``.
    enum EndOfFile: Equatable {
        /// Seek the decoder to its start and write on.
        case loop
        /// The file is done: report ``finishedItem(success:)``.
        case finish
    }

    let files: [String]
    private let runsWriterThread: Bool

    // What the caller asked for.
    private(set) var status = Status.idle
    /// Counts changes, so that a waiting writer thread knows when to look again.
    private(set) var generation = 0
    private(set) var pendingSeek: Duration?
    private(set) var pendingVolume: (volume: Double, fade: Duration)?
    /// The queue index a skip (``skip(by:)``) moves to, applied at the next write.
    private(set) var pendingSkip: Int?
    var numberOfLoops = 0
    private(set) var position = Duration.zero
    private(set) var duration: Duration?
    private(set) var file: String?
    private(set) var volume = 1.0
    private(set) var writerRunning = false

    // What the driver has applied, and where the queue stands.
    private var applied = Status.idle
    private var index = 0
    private var hasDecoder = false
    private var startedCurrent = false
    private var loopsDone = 0
    private var failures = 0
    private var progressSecond = -1
    private var routeLost = false

    /// A machine for `files`; `runsWriterThread` when a thread of its own writes (the device's pacing).
    init(files: [String], runsWriterThread: Bool) {
        self.files = files
        self.runsWriterThread = runsWriterThread
    }

    /// The file playing or paused, once its decoder is open.
    private var current: String? { index < files.count && hasDecoder ? files[index] : nil }

    // MARK: - The caller

    /// Play (or resume); nil when already playing (nothing changes, but a virtual driver still looks).
    mutating func play() -> PlayAction? {
        guard status != .playing else { return nil }
        status = .playing
        generation += 1
        guard runsWriterThread, !writerRunning else { return .wake }
        writerRunning = true
        return .startWriter
    }

    /// Pause by the caller; true if anything changed (wake the driver).
    mutating func pause() -> Bool { set(.paused(.user), when: { $0 == .playing }) }

    /// Stop, keeping the position; true if anything changed.
    mutating func stop() -> Bool { set(.stopped, when: { $0 != .stopped && $0 != .idle }) }

    /// An interruption began: pause if playing.
    mutating func interruptionBegan() -> Bool { set(.paused(.interruption), when: { $0 == .playing }) }

    /// Whether an interruption paused playback (so that its end concerns this player).
    var isInterrupted: Bool { status == .paused(.interruption) }

    /// The interruption ended: resume when `resume` (the session says so and allows playing), else stay
    /// paused as if by the caller.
    mutating func interruptionEnded(resume: Bool) -> Bool {
        set(resume ? .playing : .paused(.user), when: { $0 == .paused(.interruption) })
    }

    /// The route's device went away: pause if playing.
    mutating func routeBecameUnavailable() -> Bool { set(.paused(.route), when: { $0 == .playing }) }

    /// Seek to `time` (negative means the start), now or at the next open.
    mutating func seek(to time: Duration) {
        pendingSeek = max(.zero, time)
        position = max(.zero, time)
        generation += 1
    }

    /// Move `offset` files along the queue (1: the next, -1: the previous; never before the first, and past
    /// the last ends the queue), at the next write: playing or paused, the status stays.
    mutating func skip(by offset: Int) {
        pendingSkip = min(files.count, max(0, (pendingSkip ?? index) + offset))
        generation += 1
    }

    /// The index of the file playing (or to play next) in the queue, and whether files come after and before it.
    var queueIndex: Int { pendingSkip ?? index }
    var canGoNext: Bool { queueIndex + 1 < files.count }
    var canGoPrevious: Bool { queueIndex > 0 }

    /// Fade to `volume` (0…1) over `fade` of audio; with no fade the volume reads as `volume` at once.
    mutating func setVolume(_ volume: Double, fade: Duration) {
        pendingVolume = (volume, fade)
        if fade == .zero { self.volume = volume }
        generation += 1
    }

    private mutating func set(_ new: Status, when allowed: (Status) -> Bool) -> Bool {
        guard allowed(status) else { return false }
        status = new
        generation += 1
        return true
    }

    // MARK: - The driver

    /// What to do next, given what the caller asked for and what has been applied.
    mutating func nextStep() -> Step {
        switch status {
        case .idle:
            return .finished
        case .stopped:
            defer { applied = .stopped }
            return applied == .stopped ? .finished : .close
        case .paused(let reason):
            guard applied != status else { return .wait }
            var announce: AudioPlayerEvent?
            if let file = current, applied == .playing {
                announce = reason == .interruption ? .interrupted(file: file) : .paused(file: file)
            }
            applied = status
            return .pause(announce: announce)
        case .playing:
            guard case .paused = applied else {
                applied = .playing
                return .write
            }
            applied = .playing
            return .resume(announce: current.flatMap { startedCurrent ? .resumed(file: $0) : nil })
        }
    }

    /// The index of the file to open next, or nil when one is open or the queue has run out.
    func fileToOpen() -> Int? { !hasDecoder && index < files.count ? index : nil }

    /// The file at ``fileToOpen()`` opened, `duration` long if known; returns where to start in it (a
    /// pending seek, which it consumes).
    mutating func opened(duration: Duration?) -> Duration? {
        hasDecoder = true
        startedCurrent = false
        loopsDone = 0
        file = files[index]
        self.duration = duration
        defer { pendingSeek = nil }
        return pendingSeek
    }

    /// The file at ``fileToOpen()`` could not be opened: it ends unsuccessfully and the queue moves on.
    mutating func openFailed(message: String) -> [AudioPlayerEvent] {
        let file = files[index]
        hasDecoder = false
        failures += 1
        index += 1
        return [.decodeError(file: file, message: message), .finished(file: file, success: false)]
    }

    /// The file's first chunk is about to be written: its `started` event, once per file.
    mutating func starting() -> AudioPlayerEvent? {
        guard !startedCurrent else { return nil }
        startedCurrent = true
        progressSecond = -1
        return .started(file: files[index])
    }

    /// The skip asked for, consumed: the current file, if it started, ends (`finished`, successfully: the
    /// user moved on) and the queue stands at the target, its file opened next.
    mutating func takeSkip() -> (target: Int, finished: AudioPlayerEvent?)? {
        guard let target = pendingSkip else { return nil }
        pendingSkip = nil
        let finished: AudioPlayerEvent? = hasDecoder && startedCurrent ? .finished(file: files[index], success: true) : nil
        index = target
        hasDecoder = false
        startedCurrent = false
        pendingSeek = nil
        position = .zero
        return (target, finished)
    }

    /// The seek and volume change asked for since the last chunk, consumed.
    mutating func takePending() -> (seek: Duration?, volume: (volume: Double, fade: Duration)?) {
        defer { (pendingSeek, pendingVolume) = (nil, nil) }
        return (pendingSeek, pendingVolume)
    }

    /// The ramp's volume after a chunk.
    mutating func applied(volume: Double) { self.volume = volume }

    /// What is heard is now `position` into the file, `second` whole seconds: a `progress` event when the
    /// second changed.
    mutating func heard(_ position: Duration, second: Int) -> AudioPlayerEvent? {
        self.position = position
        guard second != progressSecond, let file = current else { return nil }
        progressSecond = second
        return .progress(file: file, position: position, duration: duration)
    }

    /// The output closed with the decoder moved back to `position` (what was heard).
    mutating func rewound(to position: Duration) { self.position = position }

    /// The decoder has no more data: loop (counting the pass) or finish.
    mutating func endOfFile() -> EndOfFile {
        guard numberOfLoops < 0 || loopsDone < numberOfLoops else { return .finish }
        loopsDone += 1
        return .loop
    }

    /// The current file could not be read further.
    mutating func decodeFailed(message: String) -> [AudioPlayerEvent] {
        [.decodeError(file: files[index], message: message), finishedItem(success: false)]
    }

    /// The current file ended (`success` false after a decode error); the queue moves on.
    mutating func finishedItem(success: Bool) -> AudioPlayerEvent {
        let event = AudioPlayerEvent.finished(file: files[index], success: success)
        if !success { failures += 1 }
        index += 1
        hasDecoder = false
        return event
    }

    /// Every file has played: back to the start, idle.
    mutating func endOfQueue() -> AudioPlayerEvent {
        let success = failures == 0
        index = 0
        failures = 0
        applied = .idle
        status = .idle
        position = .zero
        file = nil
        return .endOfQueue(success: success)
    }

    /// The output's device went away (the driver has closed it): pause as for a route change, and have
    /// the session told once the events are out (``takeRouteLost()``).
    mutating func deviceLost(message: String) -> [AudioPlayerEvent] {
        let file = current
        status = .paused(.route)
        applied = .paused(.route)
        routeLost = true
        return (file.map { [.paused(file: $0)] } ?? []) + [.outputError(message: message)]
    }

    /// Whether the device went away since the last call: the session then sees a route change.
    mutating func takeRouteLost() -> Bool {
        defer { routeLost = false }
        return routeLost
    }

    /// The output failed for good (the driver has closed it): stop, back at the start of the queue.
    mutating func failed(message: String) -> [AudioPlayerEvent] {
        var events: [AudioPlayerEvent] = []
        if let file = current, startedCurrent { events.append(.finished(file: file, success: false)) }
        events += [.outputError(message: message), .endOfQueue(success: false)]
        hasDecoder = false
        index = 0
        failures = 0
        applied = .idle
        status = .idle
        return events
    }

    /// The writer thread found nothing to do at `generation`: true if it exits (nothing changed since, or
    /// the change is not a play); false if a `play()` came in meanwhile and it must go on.
    mutating func writerFinished(at generation: Int) -> Bool {
        guard self.generation == generation || status != .playing else { return false }
        writerRunning = false
        return true
    }
}
