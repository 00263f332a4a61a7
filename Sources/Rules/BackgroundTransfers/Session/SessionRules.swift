/// The emulated system's own behaviour for background sessions, where Apple documents none or developers
/// measured it: the resume rate limiter's first delay, the retry backoff, and whether transfers created in
/// the background are discretionary. The defaults are the documented choices of docs/TRANSFERS.md. When
/// the system starts a discretionary transfer under the realistic policy is the device's discretion's
/// (`SystemDiscretion`, which the session asks), not a rule of the session.
///
/// ```swift
/// var rules = SessionRules()
/// rules.rateLimiterFirstDelay = .seconds(10)       // a quicker demo
/// ```
public struct SessionRules: Hashable, Sendable {
    /// The resume rate limiter's delay after the session first wakes or relaunches the app: a transfer the
    /// app then creates in the background waits this long. It doubles with each further wake or relaunch by
    /// the session, and there is none again once the app has been in the foreground. 60 s, as developers
    /// measured (docs/TRANSFERS.md).
    public var rateLimiterFirstDelay: Duration
    /// The wait before the first retry of an attempt that failed in transport; each further retry of the
    /// same transfer waits twice as long, up to ``maximumRetryDelay``. nsurlsessiond's schedule is not
    /// documented: 10 s, doubling, at most 10 min is the emulator's deterministic choice.
    public var firstRetryDelay: Duration
    public var maximumRetryDelay: Duration
    /// Transfers created while the app is in the background are discretionary whatever the configuration
    /// says, as Apple documents for `isDiscretionary`.
    public var backgroundTransfersAreDiscretionary: Bool

    public init(
        rateLimiterFirstDelay: Duration = .seconds(60), firstRetryDelay: Duration = .seconds(10),
        maximumRetryDelay: Duration = .seconds(600), backgroundTransfersAreDiscretionary: Bool = true
    ) {
        self.rateLimiterFirstDelay = rateLimiterFirstDelay
        self.firstRetryDelay = firstRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.backgroundTransfersAreDiscretionary = backgroundTransfersAreDiscretionary
    }

    /// The wait before retry number `retry` (1 for the first).
    func retryDelay(_ retry: Int) -> Duration {
        var delay = firstRetryDelay
        for _ in 1..<max(retry, 1) {
            delay *= 2
            if delay >= maximumRetryDelay { return maximumRetryDelay }
        }
        return min(delay, maximumRetryDelay)
    }
}
