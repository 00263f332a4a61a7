/// Where decoded frames go: an ALSA PCM, or the recording double in tests.
///
/// The calls mirror the life of an ALSA PCM: `open` with a format, `write` frames, `drain` at the end or
/// `drop` on stop, `pause`/`resume`, and `close`. Errors are ``AudioOutputError``s: a busy device, an
/// underrun the output could not recover from, a device that went away. Outputs recover from underruns
/// and suspends themselves; what reaches the caller is final.
///
/// ```swift
/// let output: any AudioOutput = ALSAOutput(device: "default")   // or RecordingAudioOutput() in a test
/// try output.open(decoder.format)
/// ```
public protocol AudioOutput: AnyObject {
    /// Opens the device for `format`; the device may grant a different rate, which is an error.
    func open(_ format: AudioFormat) throws
    /// Writes whole frames and returns how many were accepted (blocking until some are).
    func write(_ frames: UnsafeRawBufferPointer, frameCount: Int) throws -> Int
    /// Plays out what is queued, then returns.
    func drain() throws
    /// Discards what is queued, at once.
    func drop() throws
    /// Pauses (true) or resumes (false) playback without losing what is queued.
    func setPaused(_ paused: Bool) throws
    /// Frames written but not yet heard (ALSA's delay).
    func delay() throws -> Int
    /// Closes the device; safe to call twice.
    func close()
    /// While open, the frames the device plays between two wake-ups of a blocked writer (ALSA's period);
    /// writers write that many at a time. nil when the output has none (the default).
    var periodFrames: Int? { get }
}

extension AudioOutput {
    public var periodFrames: Int? { nil }
}
