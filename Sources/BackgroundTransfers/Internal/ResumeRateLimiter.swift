import BackgroundCore

/// The resume rate limiter of background sessions: a transfer the app creates while in the background
/// starts only after a delay, which doubles with each background wake or relaunch of the app and comes back
/// to the first delay when the app comes to the foreground (Quinn, Apple DTS, "Background URLSession resume
/// rate limiter"; 60 s first, as developers measured).
///
/// The first delay applies in the background session the user left (before any wake); the first wake
/// applies it too, the second twice it, the third four times, and so on.
struct ResumeRateLimiter {
    let firstDelay: Duration
    /// Background wakes and relaunches since the app was last in the foreground.
    private(set) var wakes = 0

    init(firstDelay: Duration) {
        self.firstDelay = firstDelay
    }

    /// The delay for a transfer created now, in the background.
    var delay: Duration {
        var delay = firstDelay
        for _ in 1..<max(wakes, 1) { delay *= 2 }
        return delay
    }

    /// The app was woken or relaunched in the background.
    mutating func backgroundWake() { wakes += 1 }

    /// The app came to the foreground.
    mutating func reset() { wakes = 0 }
}
