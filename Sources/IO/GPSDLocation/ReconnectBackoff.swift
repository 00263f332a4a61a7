/// How long to wait before each attempt to reconnect: exponential, capped.
///
/// The first attempt waits ``initial``; each further one waits ``multiplier`` times longer, never more
/// than ``maximum``.
///
/// ```swift
/// let backoff = ReconnectBackoff(initial: .milliseconds(500), multiplier: 2, maximum: .seconds(8))
/// backoff.delay(beforeAttempt: 3)  // 2 s
/// ```
public struct ReconnectBackoff: Hashable, Sendable {
    public var initial: Duration
    public var multiplier: Double
    public var maximum: Duration

    public init(initial: Duration = .milliseconds(500), multiplier: Double = 2, maximum: Duration = .seconds(8)) {
        precondition(initial >= .zero && multiplier >= 1 && maximum >= initial, "backoff must grow from initial to maximum")
        self.initial = initial
        self.multiplier = multiplier
        self.maximum = maximum
    }

    /// The wait before reconnection attempt `attempt` (1 for the first).
    public func delay(beforeAttempt attempt: Int) -> Duration {
        var delay = initial
        for _ in 1..<max(attempt, 1) {
            delay = delay * multiplier
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
