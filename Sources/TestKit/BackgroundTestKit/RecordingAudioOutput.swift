public import BackgroundAudio
import Synchronization

/// An ``AudioOutput`` that keeps every byte written, for asserting on what a player sent, and that
/// misbehaves on cue like a real device: underruns and suspends (which it recovers from, as ALSAOutput
/// does, and counts), the device unplugged (ENODEV: writes and opens fail until ``replug()``), and a
/// busy device on open.
///
/// ```swift
/// let output = RecordingAudioOutput()
/// output.inject(.unplug, afterFrames: 4_000)
/// let player = AudioPlayer(files: ["tone"], output: output, pacing: .virtual(engine)) { _ in decoder }
/// player.play(); engine.run()
/// #expect(output.framesWritten == 4_000)
/// ```
public final class RecordingAudioOutput: AudioOutput, Sendable {
    /// A misbehaviour to inject.
    public enum Fault: Hashable, Sendable {
        /// An underrun (EPIPE) during a write; recovered, counted in ``underruns``.
        case underrun
        /// A system suspend (ESTRPIPE) during a write; recovered, counted in ``suspends``.
        case suspend
        /// The device goes away (ENODEV): the write throws `deviceUnavailable`, as do opens until replugged.
        case unplug
        /// The next open throws `busy` (EBUSY).
        case busyOnOpen
    }

    /// One call the output received, in order.
    public enum Call: Hashable, Sendable {
        case open(AudioFormat)
        case write(frames: Int)
        case drain, drop, close
        case paused(Bool)
    }

    private struct State {
        var bytes: [UInt8] = []
        var calls: [Call] = []
        var format: AudioFormat?
        var paused = false
        var framesWritten = 0
        var faults: [(fault: Fault, atFrame: Int)] = []
        var unplugged = false
        var underruns = 0
        var suspends = 0
    }

    private let state = Mutex(State())
    private let device: String
    /// The period it reports, as ALSA's, or nil (the default) for none.
    public let periodFrames: Int?

    /// Creates an output; `device` only names it in error messages, `periodFrames` is reported as the
    /// device's period.
    public init(device: String = "recording", periodFrames: Int? = nil) {
        self.device = device
        self.periodFrames = periodFrames
    }

    /// Every byte written, in order, across opens.
    public var bytes: [UInt8] { state.withLock { $0.bytes } }
    /// Every call, in order.
    public var calls: [Call] { state.withLock { $0.calls } }
    /// Frames written since creation.
    public var framesWritten: Int { state.withLock { $0.framesWritten } }
    /// The format it is open with, or nil when closed.
    public var format: AudioFormat? { state.withLock { $0.format } }
    public var isPaused: Bool { state.withLock { $0.paused } }
    public var underruns: Int { state.withLock { $0.underruns } }
    public var suspends: Int { state.withLock { $0.suspends } }

    /// Makes `fault` happen once `afterFrames` frames have been written in total (`busyOnOpen`: at the
    /// next open, whatever the count).
    public func inject(_ fault: Fault, afterFrames: Int = 0) {
        state.withLock { $0.faults.append((fault, afterFrames)) }
    }

    /// The device is back after an unplug.
    public func replug() {
        state.withLock { $0.unplugged = false }
    }

    public func open(_ format: AudioFormat) throws {
        try state.withLock { state in
            if let busy = state.faults.firstIndex(where: { $0.fault == .busyOnOpen }) {
                state.faults.remove(at: busy)
                throw AudioOutputError(.busy, "The audio device '\(device)' is busy: another program is using it.")
            }
            if state.unplugged { throw unplugged() }
            state.format = format
            state.paused = false
            state.calls.append(.open(format))
        }
    }

    public func write(_ frames: UnsafeRawBufferPointer, frameCount: Int) throws -> Int {
        try state.withLock { state in
            guard let format = state.format else { preconditionFailure("write before open") }
            if state.unplugged { throw unplugged() }
            var count = frameCount
            if let next = state.faults.indices.filter({ state.faults[$0].fault != .busyOnOpen })
                .min(by: { state.faults[$0].atFrame < state.faults[$1].atFrame }),
                state.faults[next].atFrame < state.framesWritten + frameCount
            {
                let fault = state.faults.remove(at: next)
                let before = max(0, fault.atFrame - state.framesWritten)
                switch fault.fault {
                case .underrun: state.underruns += 1
                case .suspend: state.suspends += 1
                case .unplug:
                    if before == 0 {
                        state.unplugged = true
                        throw unplugged()
                    }
                    state.faults.append((.unplug, fault.atFrame))
                    count = before
                case .busyOnOpen: break
                }
            }
            state.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: frames[0..<(count * format.bytesPerFrame)]))
            state.framesWritten += count
            state.calls.append(.write(frames: count))
            return count
        }
    }

    public func drain() throws { state.withLock { $0.calls.append(.drain) } }

    public func drop() throws { state.withLock { $0.calls.append(.drop) } }

    public func setPaused(_ paused: Bool) throws {
        try state.withLock { state in
            if state.unplugged { throw unplugged() }
            state.paused = paused
            state.calls.append(.paused(paused))
        }
    }

    public func delay() throws -> Int { 0 }

    public func close() {
        state.withLock { state in
            guard state.format != nil else { return }
            state.format = nil
            state.calls.append(.close)
        }
    }

    private func unplugged() -> AudioOutputError {
        AudioOutputError(.deviceUnavailable, "The audio device '\(device)' went away (unplugged); playback paused.")
    }
}
