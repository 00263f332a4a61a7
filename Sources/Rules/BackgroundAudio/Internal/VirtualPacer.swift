import BackgroundCore

/// Stands in for the device's clock on virtual time: frames written play out at the format's rate from
/// the moment they are written, so the "delay" (written but not yet heard) follows from the engine's
/// `now`, and the next write is due when what was written has played.
///
/// Durations come only from frame counts: n frames last ceil(n × 10⁹ / rate) ns, counted from the start
/// of the current segment (so there is no rounding drift over a long file). A segment starts at play,
/// resume, seek and reopen.
struct VirtualPacer {
    private var segmentStart: SimTime
    private var segmentFrames = 0
    private var frozenDelay: Int?
    private let rate: Int

    init(rate: Int, at time: SimTime) {
        self.rate = rate
        self.segmentStart = time
    }

    /// Frames written and not yet played at `time`.
    func delay(at time: SimTime) -> Int {
        if let frozenDelay { return frozenDelay }
        let elapsed = (time - segmentStart).nanoseconds
        let played = Int(Int64(1_000_000_000).dividingFullWidth(Int64(rate).multipliedFullWidth(by: elapsed)).quotient)
        return max(0, segmentFrames - played)
    }

    /// When what has been written will have played out.
    var nextWriteTime: SimTime {
        segmentStart + .nanoseconds(Self.nanoseconds(frames: segmentFrames, rate: rate))
    }

    mutating func wrote(_ frames: Int) { segmentFrames += frames }

    /// Freezes the delay (the device's pause).
    mutating func pause(at time: SimTime) { frozenDelay = delay(at: time) }

    /// Continues from a pause: what was queued plays from `time`.
    mutating func resume(at time: SimTime) {
        segmentFrames = frozenDelay ?? delay(at: time)
        segmentStart = time
        frozenDelay = nil
    }

    /// Forgets what was queued (drop, reopen, seek).
    mutating func reset(at time: SimTime) {
        segmentStart = time
        segmentFrames = 0
        frozenDelay = nil
    }

    /// ceil(frames × 10⁹ / rate) nanoseconds.
    static func nanoseconds(frames: Int, rate: Int) -> Int64 {
        let numerator = Int64(frames) * 1_000_000_000
        return (numerator + Int64(rate) - 1) / Int64(rate)
    }
}
