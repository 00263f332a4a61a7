/// How long to wait before each attempt to reconnect: exponential, capped.
///
/// The first attempt waits ``initial``; each further one waits ``multiplier`` times longer, never more
/// than ``maximum``.
///
/// ```swift
/// let backoff = ReconnectBackoff(initial: .milliseconds(500), multiplier: 2, maximum: .seconds(8))
/// backoff.delay(beforeAttempt: 3)  // 2 s
/// ```
package struct ReconnectBackoff: Hashable, Sendable {
    package var initial: Duration
    package var multiplier: Double
    package var maximum: Duration

    package init(initial: Duration = .milliseconds(500), multiplier: Double = 2, maximum: Duration = .seconds(8)) {
        precondition(initial >= .zero && multiplier >= 1 && maximum >= initial, "backoff must grow from initial to maximum")
        self.initial = initial
        self.multiplier = multiplier
        self.maximum = maximum
    }

    /// The wait before reconnection attempt `attempt` (1 for the first).
    package func delay(beforeAttempt attempt: Int) -> Duration {
        var delay = initial
        for _ in 1..<max(attempt, 1) {
            delay = delay * multiplier
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
