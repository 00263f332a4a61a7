import BackgroundDevice

/// The resume rate limiter of background sessions (Quinn, Apple DTS, "NSURLSession's Resume Rate Limiter",
/// developer.apple.com/forums/thread/14854): nsurlsessiond keeps a delay for the app, doubles it each time
/// it resumes or relaunches the app, resets it when the user brings the app to the front; a task the app
/// creates in the background does not start until that delay has passed. Developers measured the first
/// delay at 60 s, set when nsurlsessiond first wakes the app for its transfers, then 120 s, 240 s, …
/// (developer.apple.com/forums/thread/128813).
///
/// So: no delay until the session first wakes or relaunches the app; then the first delay, doubled at each
/// further wake or relaunch by the session; none again once the app has been in the foreground. Quinn's
/// other reset, "if the delay period elapses without it having resumed your app", is not modelled: when
/// the period counts from is not said. Nor is a ceiling: the doubling stops at 100 years (the longest a run
/// spans, ``SimCalendar/longest``), where a transfer created in the background no longer starts within the
/// run; unbounded, some 27 wakes without an open put the delay past the end of the clock (2262), and a
/// transfer created then crashed the run.
struct ResumeRateLimiter {
    let firstDelay: Duration
    /// The delay for a transfer created now, in the background.
    private(set) var delay = Duration.zero

    init(firstDelay: Duration) {
        self.firstDelay = firstDelay
    }

    /// The session woke or relaunched the app for its events.
    mutating func sessionWokeApp() { delay = delay == .zero ? firstDelay : min(delay * 2, SimCalendar.longest) }

    /// The app came to the foreground.
    mutating func reset() { delay = .zero }
}
