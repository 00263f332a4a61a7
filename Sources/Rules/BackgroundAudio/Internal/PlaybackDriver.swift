import BackgroundCore

/// The I/O half of ``AudioPlayer``: opens the files and the output, decodes, applies the volume and
/// writes, as the ``PlayerStateMachine`` says, and hands the events out. ``DeviceDriver`` runs its steps on
/// a thread of its own, ``VirtualDriver`` as actions on an engine.
///
/// Two locks: `control` guards the machine and is held only to ask it something; `io` guards the decoder,
/// the output and the cursor and is held by whoever runs a step (the writer thread, the engine's owner, or
/// `prepareToPlay()`), across the output's blocking writes. Events are handed out after both are released.
/// Lock order: io, control.
final class PlaybackDriver: @unchecked Sendable {
    // @unchecked: the machine is guarded by `control`, everything else that changes by `io`.

    /// What one step did.
    enum Outcome {
        /// Wrote this many frames (0: moved on without writing: a loop, the next file).
        case wrote(Int)
        /// Paused: nothing to do until something changes.
        case idle
        /// Stopped, failed or at the end of the queue.
        case finished
    }

    let control = ConditionLock()
    /// Guarded by `control`.
    var machine: PlayerStateMachine
    let broadcaster = EventBroadcaster<AudioPlayerEvent>()

    private let files: [String]
    private let output: any AudioOutput
    private let opener: (String) throws -> any AudioDecoder
    private let session: AudioSession?
    /// The engine whose virtual time paces the writes; nil on the device's clock.
    private let engine: EventEngine?

    // Guarded by `io`.
    private let io = ConditionLock()
    private var decoder: (any AudioDecoder)?
    private var cursor = 0
    private var openFormat: AudioFormat?
    private var ramp = VolumeRamp()
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var pacer: VirtualPacer?

    init(
        files: [String], output: any AudioOutput, engine: EventEngine?, session: AudioSession?,
        open: @escaping (String) throws -> any AudioDecoder
    ) {
        self.files = files
        self.output = output
        self.engine = engine
        self.session = session
        self.opener = open
        self.machine = PlayerStateMachine(files: files, runsWriterThread: engine == nil)
    }

    deinit {
        buffer.deallocate()
    }

    /// Asks the machine something, holding `control`; a change wakes a waiting writer thread.
    func withMachine<T>(_ body: (inout PlayerStateMachine) -> T) -> T {
        control.withLock {
            let generation = machine.generation
            defer { if machine.generation != generation { control.broadcast() } }
            return body(&machine)
        }
    }

    /// Runs `body` holding `io`, with a function that runs one step, then hands out the events the
    /// steps produced (holding no lock).
    func run(_ body: (_ step: () -> Outcome) -> Void) {
        var pending: [AudioPlayerEvent] = []
        io.withLock { body { cycle(events: &pending) } }
        emit(pending)
    }

    /// When the pacer wants the next write (virtual time only; read it inside ``run(_:)``).
    var nextWriteTime: SimTime? { pacer?.nextWriteTime }

    /// Opens the first file and the output, as `prepareToPlay()`.
    func prepare() throws {
        try io.withLock {
            if decoder == nil, let index = withMachine({ $0.fileToOpen() }) { try openItem(index) }
            if let decoder, openFormat != decoder.format { try reopenOutput(decoder.format) }
        }
    }

    // MARK: - One step (hold `io`)

    /// Applies what the machine says, then decodes and writes one chunk.
    private func cycle(events: inout [AudioPlayerEvent]) -> Outcome {
        switch withMachine({ $0.nextStep() }) {
        case .finished:
            return .finished
        case .wait:
            return .idle
        case .close:
            closeOutput(rewind: true)
            return .finished
        case .pause(let announce):
            if openFormat != nil {
                do { try setOutputPaused(true) } catch { closeOutput(rewind: true) }
                if let decoder { publishPosition(format: decoder.format, events: &events) }
            }
            if let announce { events.append(announce) }
            return .idle
        case .resume(let announce):
            if openFormat != nil {
                do { try setOutputPaused(false) } catch { return fail(error, events: &events) }
            }
            if let announce { events.append(announce) }
            return step(events: &events)
        case .write:
            return step(events: &events)
        }
    }

    private func step(events: inout [AudioPlayerEvent]) -> Outcome {
        if let skip = withMachine({ $0.takeSkip() }) {
            if let finished = skip.finished { events.append(finished) }
            decoder = nil
            // What is queued of the file left is not heard.
            if openFormat != nil {
                try? output.drop()
                if let now = engine?.now { pacer?.reset(at: now) }
            }
        }
        guard let decoder = currentDecoder(events: &events) else {
            if openFormat != nil {
                output.close()
                openFormat = nil
            }
            events.append(withMachine { $0.endOfQueue() })
            return .finished
        }
        if openFormat != decoder.format {
            do {
                try reopenOutput(decoder.format)
            } catch {
                return fail(error, events: &events)
            }
        }
        let format = decoder.format
        let (started, seek, volume) = withMachine { machine in
            let started = machine.starting()
            let (seek, volume) = machine.takePending()
            return (started, seek, volume)
        }
        if let started { events.append(started) }
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
            return decodeFailed(error, events: &events)
        }
        if read == 0 {
            guard withMachine({ $0.endOfFile() }) == .loop else { return finishItem(events: &events) }
            do { try decoder.seek(toFrame: 0) } catch { return decodeFailed(error, events: &events) }
            cursor = 0
            return .wrote(0)
        }
        let bytes = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<(read * format.bytesPerFrame)])
        ramp.apply(to: bytes, frames: read, format: format)
        let applied = ramp.current
        withMachine { $0.applied(volume: applied) }
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
            closeOutput(rewind: true)
            events += withMachine { $0.deviceLost(message: error.message) }
            return .idle
        } catch {
            return fail(error, events: &events)
        }
        cursor += read
        pacer?.wrote(read)
        publishPosition(format: format, events: &events)
        return .wrote(read)
    }

    /// The open decoder, opening the next files (and reporting those that fail) until one opens.
    private func currentDecoder(events: inout [AudioPlayerEvent]) -> (any AudioDecoder)? {
        while decoder == nil, let index = withMachine({ $0.fileToOpen() }) {
            do {
                try openItem(index)
            } catch {
                decoder = nil
                events += withMachine { $0.openFailed(message: "\(error)") }
            }
        }
        return decoder
    }

    /// Opens `files[index]` and seeks to a pending start.
    private func openItem(_ index: Int) throws {
        let opened = try opener(files[index])
        decoder = opened
        cursor = 0
        let rate = opened.format.sampleRate
        let duration = opened.frameCount.map { Duration.nanoseconds(VirtualPacer.nanoseconds(frames: $0, rate: rate)) }
        if let start = withMachine({ $0.opened(duration: duration) }) {
            let frame = frames(start, rate: rate)
            try opened.seek(toFrame: frame)
            cursor = frame
        }
    }

    /// Pauses or resumes the open output, and on virtual time what has been queued with it.
    private func setOutputPaused(_ paused: Bool) throws {
        try output.setPaused(paused)
        guard let now = engine?.now else { return }
        if paused { pacer?.pause(at: now) } else { pacer?.resume(at: now) }
    }

    private func reopenOutput(_ format: AudioFormat) throws {
        if openFormat != nil {
            output.close()
            openFormat = nil
        }
        try output.open(format)
        openFormat = format
        if let now = engine?.now { pacer = VirtualPacer(rate: format.sampleRate, at: now) }
    }

    private func applySeek(to frame: Int, decoder: any AudioDecoder, events: inout [AudioPlayerEvent]) {
        do {
            try decoder.seek(toFrame: frame)
            cursor = frame
            if openFormat != nil { try output.drop() }
            if let now = engine?.now { pacer?.reset(at: now) }
        } catch {
            events.append(.outputError(message: "\(error)"))
        }
    }

    private func decodeFailed(_ error: any Error, events: inout [AudioPlayerEvent]) -> Outcome {
        events += withMachine { $0.decodeFailed(message: "\(error)") }
        return nextItem(events: &events)
    }

    private func finishItem(events: inout [AudioPlayerEvent]) -> Outcome {
        events.append(withMachine { $0.finishedItem(success: true) })
        return nextItem(events: &events)
    }

    /// After a file ends: opens the next, draining the output if its format differs.
    private func nextItem(events: inout [AudioPlayerEvent]) -> Outcome {
        decoder = nil
        let next = currentDecoder(events: &events)
        if openFormat != nil && next?.format != openFormat { try? output.drain() }
        return .wrote(0)
    }

    /// A final output error: stop for good.
    private func fail(_ error: any Error, events: inout [AudioPlayerEvent]) -> Outcome {
        closeOutput(rewind: true)
        events += withMachine { $0.failed(message: "\(error)") }
        decoder = nil
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
        withMachine { $0.rewound(to: position) }
    }

    /// Frames decoded and written per step (with the output open). On the device's clock, as many whole
    /// periods of the device (``AudioOutput/periodFrames``) as fit in a quarter of a second, at least one,
    /// and never more than a quarter of a second: two of the usual 125 ms periods, so that the player's
    /// own code runs four times a second while ALSA waits for room inside the write. On virtual time, or
    /// for an output without a period, a twentieth of a second. A change (pause, volume, seek, an
    /// unplugged device) takes effect at the next step.
    private func chunkFrames(_ format: AudioFormat) -> Int {
        let step = max(1, format.sampleRate / 20)
        guard engine == nil, let period = output.periodFrames, period > 0 else { return step }
        let quarter = max(1, format.sampleRate / 4)
        return period >= quarter ? quarter : quarter / period * period
    }

    private func heardFrames() -> Int {
        let delay: Int
        if let now = engine?.now, let pacer {
            delay = pacer.delay(at: now)
        } else {
            delay = openFormat == nil ? 0 : ((try? output.delay()) ?? 0)
        }
        return max(0, cursor - delay)
    }

    private func publishPosition(format: AudioFormat, events: inout [AudioPlayerEvent]) {
        let heard = heardFrames()
        let position = Duration.nanoseconds(VirtualPacer.nanoseconds(frames: heard, rate: format.sampleRate))
        if let progress = withMachine({ $0.heard(position, second: heard / format.sampleRate) }) {
            events.append(progress)
        }
    }

    private func frames(_ duration: Duration, rate: Int) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * rate + Int(Double(attoseconds) / 1e18 * Double(rate))
    }

    // MARK: - Events

    /// Hands `events` out (no lock held), then tells the session if the device went away.
    private func emit(_ events: [AudioPlayerEvent]) {
        guard !events.isEmpty else { return }
        let lost = withMachine { $0.takeRouteLost() }
        for event in events { broadcaster.broadcast(event) }
        if lost { session?.routeChange(.oldDeviceUnavailable) }
    }
}
