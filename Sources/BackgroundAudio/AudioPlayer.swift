public import BackgroundCore
import Glibc

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
///   ``addEventSink(_:)`` (they carry the engine's `now`).
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
/// - Warning: With ``Pacing/virtual(_:)`` call every method on the engine's owner (the engine is not
///   thread-safe). With ``Pacing/device`` the methods may be called from any thread.
public final class AudioPlayer: @unchecked Sendable {
    // @unchecked: the control state is guarded by `control`, the decoder, output and cursor by `driver`
    // (held by whoever writes: the writer thread, or the engine's owner). Lock order: driver, control.

    /// What paces the writes.
    public enum Pacing {
        /// The device: blocking writes on a dedicated thread.
        case device
        /// Virtual time on an engine.
        case virtual(EventEngine)
    }

    private enum Status: Equatable {
        case idle, playing, stopped
        case paused(PauseReason)
    }

    private enum PauseReason: Equatable {
        case user, interruption, route
    }

    private struct Control {
        var status = Status.idle
        var generation = 0
        var pendingSeek: Duration?
        var pendingVolume: (volume: Double, fade: Duration)?
        var numberOfLoops = 0
        var position = Duration.zero
        var duration: Duration?
        var file: String?
        var volume = 1.0
        var driverRunning = false
        var writerThread: pthread_t?
        weak var delegate: (any AudioPlayerDelegate)?
        var sinks: [(AudioPlayerEvent) -> Void] = []
        var stream: (events: AsyncStream<AudioPlayerEvent>, continuation: AsyncStream<AudioPlayerEvent>.Continuation)?
    }

    private enum Outcome {
        case wrote(Int)
        case idle
        case finished
    }

    private let files: [String]
    private let output: any AudioOutput
    private let pacing: Pacing
    private let session: AudioSession?
    private let opener: (String) throws -> any AudioDecoder

    /// Every event from the first time it is asked for, in order, for one consumer (ask before
    /// ``play()`` to see them all). The stream never finishes by itself; stop reading after
    /// ``AudioPlayerEvent/endOfQueue(success:)``.
    ///
    /// It is made on first use: a player that reports through ``addEventSink(_:)`` or its delegate
    /// buffers nothing and wakes no task.
    public var events: AsyncStream<AudioPlayerEvent> {
        control.withLock {
            if let stream = state.stream { return stream.events }
            let (events, continuation) = AsyncStream<AudioPlayerEvent>.makeStream()
            state.stream = (events, continuation)
            return events
        }
    }

    private let control = ConditionLock()
    private var state = Control()

    // Guarded by `driver`.
    private let driver = ConditionLock()
    private var index = 0
    private var decoder: (any AudioDecoder)?
    private var startedCurrent = false
    private var loopsDone = 0
    private var cursor = 0
    private var openFormat: AudioFormat?
    private var appliedStatus = Status.idle
    private var ramp = VolumeRamp()
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var pacer: VirtualPacer?
    private var tick: EventID?
    private var failures = 0
    private var progressSecond = -1
    private var deviceLost = false

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
        self.files = files
        self.output = output
        self.pacing = pacing
        self.session = session
        self.opener = open
        session?.register(self)
    }

    deinit {
        buffer.deallocate()
        state.stream?.continuation.finish()
    }

    // MARK: - Properties

    /// True while playing (not paused, stopped or finished).
    public var isPlaying: Bool { control.withLock { state.status == .playing } }

    /// The file playing or paused now.
    public var currentFile: String? { control.withLock { state.file } }

    /// The length of the current file, when its decoder knows it.
    public var duration: Duration? { control.withLock { state.duration } }

    /// The position heard in the current file; setting it seeks (playing or not). Stop keeps it.
    public var currentTime: Duration {
        get { control.withLock { state.pendingSeek ?? state.position } }
        set {
            control.withLock {
                state.pendingSeek = max(.zero, newValue)
                state.position = max(.zero, newValue)
                changed()
            }
            kick()
        }
    }

    /// Extra passes of each file: 0 plays it once, n plays it n + 1 times, negative loops forever.
    public var numberOfLoops: Int {
        get { control.withLock { state.numberOfLoops } }
        set { control.withLock { state.numberOfLoops = newValue } }
    }

    /// The gain applied to the samples, 0…1 (1 passes them bit for bit). Setting it applies at once.
    public var volume: Float {
        get { control.withLock { Float(state.volume) } }
        set { setVolume(newValue, fadeDuration: .zero) }
    }

    /// As `AVAudioPlayer.delegate`; held weakly.
    public var delegate: (any AudioPlayerDelegate)? {
        get { control.withLock { state.delegate } }
        set { control.withLock { state.delegate = newValue } }
    }

    /// Adds a synchronous receiver of every event, called where events are produced (see the warning on
    /// the type). On virtual time this is how an app records `audio.*` on its timeline:
    /// `player.addEventSink { if let record = $0.timelineRecord { timeline.record(record) } }`.
    public func addEventSink(_ sink: @escaping (AudioPlayerEvent) -> Void) {
        control.withLock { state.sinks.append(sink) }
    }

    // MARK: - Control

    /// Fades the volume to `volume` (clamped to 0…1) over `fadeDuration` of audio.
    public func setVolume(_ volume: Float, fadeDuration: Duration) {
        let clamped = min(max(Double(volume), 0), 1)
        control.withLock {
            state.pendingVolume = (clamped, fadeDuration)
            if fadeDuration == .zero { state.volume = clamped }
            changed()
        }
        kick()
    }

    /// Opens the first file and the output so that `play()` starts at once, as `prepareToPlay()`.
    ///
    /// - Throws: The opener's error (an `InputError`) or an ``AudioOutputError``.
    public func prepareToPlay() throws {
        try driver.withLock {
            if decoder == nil { try openItem() }
            if let decoder, openFormat != decoder.format { try reopenOutput(decoder.format) }
        }
    }

    /// Starts or resumes playback; returns false when the session does not allow playing now (an
    /// interruption, or the background without background audio).
    @discardableResult
    public func play() -> Bool {
        if let session {
            guard session.canPlay else { return false }
            session.activateForPlayback()
        }
        let startThread: Bool = control.withLock {
            guard state.status != .playing else { return false }
            state.status = .playing
            changed()
            guard case .device = pacing, !state.driverRunning else { return false }
            state.driverRunning = true
            return true
        }
        if startThread {
            let thread = DedicatedThread.start { [self] in writerLoop() }
            control.withLock { state.writerThread = thread }
        }
        kick()
        return true
    }

    /// Pauses; `play()` resumes from the same place.
    public func pause() {
        setStatus(.paused(.user), when: { $0 == .playing })
    }

    /// Stops playback and closes the output, keeping the position (as `AVAudioPlayer.stop()`);
    /// `play()` starts again from there. Returns once the output is closed.
    public func stop() {
        setStatus(.stopped, when: { $0 != .stopped && $0 != .idle })
        guard case .device = pacing else { return }
        control.withLock {
            if let thread = state.writerThread, pthread_equal(thread, pthread_self()) != 0 { return }
            control.wait { !state.driverRunning }
        }
    }

    /// Applies a session notification (called by ``AudioSession``).
    func handle(_ notification: AudioSession.Notification) {
        switch notification {
        case .interruptionBegan:
            setStatus(.paused(.interruption), when: { $0 == .playing })
        case .interruptionEnded(let shouldResume):
            let wasInterrupted = control.withLock { state.status == .paused(.interruption) }
            guard wasInterrupted else { return }
            delegate?.audioPlayerEndInterruption(self)
            if shouldResume && (session?.canPlay ?? true) {
                setStatus(.playing, when: { $0 == .paused(.interruption) })
            } else {
                setStatus(.paused(.user), when: { $0 == .paused(.interruption) })
            }
        case .routeChange(.oldDeviceUnavailable):
            setStatus(.paused(.route), when: { $0 == .playing })
        case .routeChange:
            break
        }
    }

    private func setStatus(_ status: Status, when allowed: (Status) -> Bool) {
        let changedNow = control.withLock {
            guard allowed(state.status) else { return false }
            state.status = status
            changed()
            return true
        }
        if changedNow { kick() }
    }

    /// Marks a control change and wakes the writer; call holding `control`.
    private func changed() {
        state.generation += 1
        control.broadcast()
    }

    // MARK: - Drivers

    /// On virtual time: applies a change at once and keeps the write actions scheduled. While playing
    /// with a write due, the change waits for it (within one chunk), so nothing is written early.
    private func kick() {
        guard case .virtual(let engine) = pacing else { return }
        let playing = control.withLock { state.status == .playing }
        let due = driver.withLock {
            if playing && tick != nil { return true }
            if let tick { engine.cancel(tick) }
            tick = nil
            return false
        }
        guard !due else { return }
        var pending: [AudioPlayerEvent] = []
        runCycles(engine: engine, events: &pending)
        emit(pending)
    }

    private func runCycles(engine: EventEngine, events pending: inout [AudioPlayerEvent]) {
        driver.withLock {
            while true {
                switch cycle(events: &pending) {
                case .wrote(0): continue
                case .wrote:
                    // Weak engine too: the engine's queue holds this closure, so a strong capture is a cycle that
                    // keeps a player stopped mid-file, its engine and everything on it alive (LeakSanitizer).
                    tick = engine.schedule(at: pacer?.nextWriteTime ?? engine.now) { [weak self, weak engine] in
                        guard let self, let engine else { return }
                        var later: [AudioPlayerEvent] = []
                        driver.withLock { tick = nil }
                        runCycles(engine: engine, events: &later)
                        emit(later)
                    }
                    return
                case .idle, .finished:
                    return
                }
            }
        }
    }

    /// In real time: the writer thread's loop.
    private func writerLoop() {
        while true {
            var pending: [AudioPlayerEvent] = []
            let (outcome, generation) = driver.withLock {
                let generation = control.withLock { state.generation }
                return (cycle(events: &pending), generation)
            }
            emit(pending)
            switch outcome {
            case .wrote: continue
            case .idle:
                control.withLock { control.wait { state.generation != generation } }
            case .finished:
                // A play() that came in meanwhile found the thread still running: keep going for it.
                let exits = control.withLock {
                    guard state.generation == generation || state.status != .playing else { return false }
                    state.driverRunning = false
                    state.writerThread = nil
                    control.broadcast()
                    return true
                }
                if exits { return }
            }
        }
    }

    private var now: SimTime? {
        if case .virtual(let engine) = pacing { engine.now } else { nil }
    }

    // MARK: - One step (hold `driver`)

    /// Applies pending control changes, then decodes and writes one chunk.
    private func cycle(events: inout [AudioPlayerEvent]) -> Outcome {
        let (status, loops) = control.withLock { (state.status, state.numberOfLoops) }
        switch status {
        case .idle:
            return .finished
        case .stopped:
            if appliedStatus != .stopped { closeOutput(rewind: true) }
            appliedStatus = .stopped
            return .finished
        case .paused(let reason):
            if appliedStatus != status {
                if openFormat != nil {
                    do {
                        try output.setPaused(true)
                        if let now { pacer?.pause(at: now) }
                    } catch {
                        closeOutput(rewind: true)
                    }
                    if let decoder { publishPosition(format: decoder.format, file: files[index], events: &events) }
                }
                if let file = current, appliedStatus == .playing {
                    events.append(reason == .interruption ? .interrupted(file: file) : .paused(file: file))
                }
                appliedStatus = status
            }
            return .idle
        case .playing:
            if case .paused = appliedStatus {
                if openFormat != nil {
                    do {
                        try output.setPaused(false)
                        if let now { pacer?.resume(at: now) }
                    } catch {
                        return fail(error, events: &events)
                    }
                }
                if let file = current, startedCurrent { events.append(.resumed(file: file)) }
            }
            appliedStatus = .playing
        }
        return step(loops: loops, events: &events)
    }

    private func step(loops: Int, events: inout [AudioPlayerEvent]) -> Outcome {
        guard let decoder = currentDecoder(events: &events) else { return endOfQueue(events: &events) }
        let file = files[index]
        if openFormat != decoder.format {
            do {
                try reopenOutput(decoder.format)
            } catch {
                return fail(error, events: &events)
            }
        }
        if !startedCurrent {
            startedCurrent = true
            progressSecond = -1
            events.append(.started(file: file))
        }
        let format = decoder.format
        let (seek, volume) = control.withLock {
            defer { (state.pendingSeek, state.pendingVolume) = (nil, nil) }
            return (state.pendingSeek, state.pendingVolume)
        }
        if let volume { ramp.set(volume.volume, overFrames: frames(volume.fade, rate: format.sampleRate)) }
        if let seek { applySeek(to: frames(seek, rate: format.sampleRate), decoder: decoder, events: &events) }
        let chunk = chunkFrames(format)
        if buffer.count < chunk * format.bytesPerFrame {
            buffer.deallocate()
            buffer = .allocate(byteCount: chunk * format.bytesPerFrame, alignment: 16)
        }
        let read: Int
        do {
            read = try decoder.read(into: buffer, maxFrames: chunk)
        } catch {
            events.append(.decodeError(file: file, message: "\(error)"))
            return finishItem(success: false, events: &events)
        }
        if read == 0 {
            if loops < 0 || loopsDone < loops {
                loopsDone += 1
                do { try decoder.seek(toFrame: 0) } catch {
                    events.append(.decodeError(file: file, message: "\(error)"))
                    return finishItem(success: false, events: &events)
                }
                cursor = 0
                return .wrote(0)
            }
            return finishItem(success: true, events: &events)
        }
        let bytes = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<(read * format.bytesPerFrame)])
        ramp.apply(to: bytes, frames: read, format: format)
        control.withLock { state.volume = ramp.current }
        var done = 0
        do {
            while done < read {
                let part = UnsafeRawBufferPointer(rebasing: bytes[(done * format.bytesPerFrame)...])
                done += try output.write(part, frameCount: read - done)
            }
        } catch let error as AudioOutputError where error.code == .deviceUnavailable {
            // What reached the device before it went away counts as written but not heard: on replug,
            // playback continues from what was heard.
            cursor += done
            pacer?.wrote(done)
            return lostDevice(error, events: &events)
        } catch {
            return fail(error, events: &events)
        }
        cursor += read
        pacer?.wrote(read)
        publishPosition(format: format, file: file, events: &events)
        return .wrote(read)
    }

    private func currentDecoder(events: inout [AudioPlayerEvent]) -> (any AudioDecoder)? {
        while decoder == nil && index < files.count {
            do {
                try openItem()
            } catch {
                events.append(.decodeError(file: files[index], message: "\(error)"))
                events.append(.finished(file: files[index], success: false))
                failures += 1
                index += 1
            }
        }
        return decoder
    }

    /// Opens `files[index]` (hold `driver`).
    private func openItem() throws {
        let opened = try opener(files[index])
        decoder = opened
        startedCurrent = false
        loopsDone = 0
        cursor = 0
        let duration = opened.frameCount.map { Duration.nanoseconds(VirtualPacer.nanoseconds(frames: $0, rate: opened.format.sampleRate)) }
        let start = control.withLock {
            state.file = files[index]
            state.duration = duration
            defer { state.pendingSeek = nil }
            return state.pendingSeek
        }
        if let start {
            let frame = frames(start, rate: opened.format.sampleRate)
            try opened.seek(toFrame: frame)
            cursor = frame
        }
    }

    private func reopenOutput(_ format: AudioFormat) throws {
        if openFormat != nil {
            output.close()
            openFormat = nil
        }
        try output.open(format)
        openFormat = format
        if let now { pacer = VirtualPacer(rate: format.sampleRate, at: now) }
    }

    private func applySeek(to frame: Int, decoder: any AudioDecoder, events: inout [AudioPlayerEvent]) {
        do {
            try decoder.seek(toFrame: frame)
            cursor = frame
            if openFormat != nil { try output.drop() }
            if let now { pacer?.reset(at: now) }
        } catch {
            events.append(.outputError(message: "\(error)"))
        }
    }

    private func finishItem(success: Bool, events: inout [AudioPlayerEvent]) -> Outcome {
        events.append(.finished(file: files[index], success: success))
        if !success { failures += 1 }
        index += 1
        decoder = nil
        let next = currentDecoder(events: &events)
        if openFormat != nil && next?.format != openFormat { try? output.drain() }
        return .wrote(0)
    }

    private func endOfQueue(events: inout [AudioPlayerEvent]) -> Outcome {
        if openFormat != nil {
            output.close()
            openFormat = nil
        }
        let success = failures == 0
        index = 0
        failures = 0
        appliedStatus = .idle
        control.withLock {
            state.status = .idle
            state.position = .zero
            state.file = nil
        }
        events.append(.endOfQueue(success: success))
        return .finished
    }

    /// The device went away: close it, pause (a route change), report; `play()` reopens it.
    private func lostDevice(_ error: AudioOutputError, events: inout [AudioPlayerEvent]) -> Outcome {
        closeOutput(rewind: true)
        let file = current
        control.withLock { state.status = .paused(.route) }
        appliedStatus = .paused(.route)
        deviceLost = true
        if let file { events.append(.paused(file: file)) }
        events.append(.outputError(message: error.message))
        return .idle
    }

    /// A final output error: stop for good.
    private func fail(_ error: any Error, events: inout [AudioPlayerEvent]) -> Outcome {
        closeOutput(rewind: true)
        if let file = current, startedCurrent { events.append(.finished(file: file, success: false)) }
        events.append(.outputError(message: "\(error)"))
        decoder = nil
        index = 0
        failures = 0
        appliedStatus = .idle
        control.withLock { state.status = .idle }
        events.append(.endOfQueue(success: false))
        return .finished
    }

    /// Closes the output; with `rewind`, moves the decoder back to what was heard so that nothing is
    /// skipped when playback starts again.
    private func closeOutput(rewind: Bool) {
        guard openFormat != nil else { return }
        let heard = heardFrames()
        try? output.drop()
        output.close()
        openFormat = nil
        guard rewind, let decoder else { return }
        if heard != cursor, (try? decoder.seek(toFrame: heard)) != nil { cursor = heard }
        let position = Duration.nanoseconds(VirtualPacer.nanoseconds(frames: cursor, rate: decoder.format.sampleRate))
        control.withLock { state.position = position }
    }

    /// Frames decoded and written per step (hold `driver`, with the output open). On the device's clock,
    /// as many whole periods of the device (``AudioOutput/periodFrames``) as fit in a quarter of a second,
    /// at least one, and never more than a quarter of a second: two of the usual 125 ms periods, so that
    /// the player's own code runs four times a second while ALSA waits for room inside the write. On
    /// virtual time, or for an output without a period, a twentieth of a second. A change (pause, volume,
    /// seek, an unplugged device) takes effect at the next step.
    private func chunkFrames(_ format: AudioFormat) -> Int {
        let step = max(1, format.sampleRate / 20)
        guard case .device = pacing, let period = output.periodFrames, period > 0 else { return step }
        let quarter = max(1, format.sampleRate / 4)
        return period >= quarter ? quarter : quarter / period * period
    }

    private var current: String? { index < files.count && decoder != nil ? files[index] : nil }

    private func heardFrames() -> Int {
        let delay: Int
        if let now, let pacer {
            delay = pacer.delay(at: now)
        } else {
            delay = openFormat == nil ? 0 : ((try? output.delay()) ?? 0)
        }
        return max(0, cursor - delay)
    }

    private func publishPosition(format: AudioFormat, file: String, events: inout [AudioPlayerEvent]) {
        let heard = heardFrames()
        let position = Duration.nanoseconds(VirtualPacer.nanoseconds(frames: heard, rate: format.sampleRate))
        let duration = control.withLock {
            state.position = position
            return state.duration
        }
        let second = heard / format.sampleRate
        if second != progressSecond {
            progressSecond = second
            events.append(.progress(file: file, position: position, duration: duration))
        }
    }

    private func frames(_ duration: Duration, rate: Int) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * rate + Int(Double(attoseconds) / 1e18 * Double(rate))
    }

    // MARK: - Events

    private func emit(_ events: [AudioPlayerEvent]) {
        guard !events.isEmpty else { return }
        let (sinks, delegate, continuation) = control.withLock { (state.sinks, state.delegate, state.stream?.continuation) }
        let lost = driver.withLock {
            defer { deviceLost = false }
            return deviceLost
        }
        for event in events {
            continuation?.yield(event)
            for sink in sinks { sink(event) }
            switch event {
            case .endOfQueue(let success): delegate?.audioPlayerDidFinishPlaying(self, successfully: success)
            case .decodeError(let file, let message):
                delegate?.audioPlayerDecodeErrorDidOccur(self, error: AudioDecodeError(file: file, message: message))
            case .interrupted: delegate?.audioPlayerBeginInterruption(self)
            default: break
            }
        }
        if lost { session?.routeChange(.oldDeviceUnavailable) }
    }
}
