import BackgroundAudio
import Glibc

/// An output that takes the audio's own time: ALSA's `null` device swallows frames as fast as they come,
/// so `bgaudio play --device null` would end 5 s of audio in milliseconds, and pausing or an interruption
/// could not be tried. Each write waits until the frames before it would have been heard, keeping a lead
/// of ``lead``, as a sound card's clock would.
final class PacedOutput: AudioOutput {
    private let inner: any AudioOutput
    private var rate = 1
    /// Frames handed on since the start (or the last drop).
    private var frames = 0
    /// When the first of them would have been heard; moved on by a pause.
    private var start: ContinuousClock.Instant?
    private var pausedAt: ContinuousClock.Instant?
    /// How far writing may run ahead of hearing: about a sound card's buffer.
    static let lead = Duration.milliseconds(250)

    init(_ inner: any AudioOutput) {
        self.inner = inner
    }

    func open(_ format: AudioFormat) throws {
        try inner.open(format)
        rate = max(format.sampleRate, 1)
        (frames, start, pausedAt) = (0, nil, nil)
    }

    func write(_ frames: UnsafeRawBufferPointer, frameCount: Int) throws -> Int {
        let written = try inner.write(frames, frameCount: frameCount)
        let start = self.start ?? ContinuousClock.now
        self.start = start
        self.frames += written
        Self.sleep(until: start + heard(self.frames) - Self.lead)
        return written
    }

    func drain() throws {
        if let start { Self.sleep(until: start + heard(frames)) }
        try inner.drain()
    }

    func drop() throws {
        try inner.drop()
        (frames, start) = (0, nil)
    }

    func setPaused(_ paused: Bool) throws {
        try inner.setPaused(paused)
        if paused {
            pausedAt = ContinuousClock.now
        } else if let pausedAt, let start {
            self.start = start + (ContinuousClock.now - pausedAt)
            self.pausedAt = nil
        }
    }

    /// The frames written and not yet heard by the audio's own clock.
    func delay() throws -> Int {
        guard let start else { return 0 }
        let elapsed = (ContinuousClock.now - start).components
        let played = (Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18) * Double(rate)
        return max(0, frames - Int(played))
    }

    func close() { inner.close() }

    var periodFrames: Int? { inner.periodFrames }

    private func heard(_ count: Int) -> Duration { .nanoseconds(Int64(count) * 1_000_000_000 / Int64(rate)) }

    private static func sleep(until deadline: ContinuousClock.Instant) {
        let wait = deadline - ContinuousClock.now
        guard wait > .zero else { return }
        var time = timespec(tv_sec: Int(wait.components.seconds), tv_nsec: Int(wait.components.attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
    }
}
