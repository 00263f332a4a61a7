package import BackgroundPushes

/// One push of the manifest's `pushes:` timeline: when the server sends it, the payload, and the APNs
/// headers it carries.
///
/// ```yaml
/// pushes:
///   - {at: 10m, payload: push/sync.apns}                       # a file in `xcrun simctl push`'s format
///   - {at: 12m, payload: {aps: {content-available: 1}, action: sync}, expiration: 1h}
///   - {at: 14m, payload: push/sync.apns, priority: 10}         # rejected: badPriority
///   - {at: 16m, payload: {aps: {alert: Hi}}}                   # displayed (alert, priority 10 by content)
///   - {every: 6h, jitter: 30m, payload: push/sync.apns}        # from the first launch, to the end of the run
/// ```
package struct ManifestPush: Hashable, Sendable {
    /// When the server sends it, from the app's start.
    package var offset: Duration
    /// The payload: a JSON object, judged when it is sent (``PushDelivery``).
    package var payload: PushPayload
    /// `priority:` and `pushType:` (unset: by content, as a sender sets them); checked when the push is
    /// sent, so that values that do not fit show APNs' rejection (`push.rejected`).
    package var headers: PushHeaders
    /// `expiration:`, from the time it is sent: `0` delivers at once or never; nil: APNs' storage limit.
    package var expiresAfter: Duration?
    /// `every:`: the push repeats from `offset` every so long to the end of the run; nil: sent once.
    package var every: Duration?
    /// `jitter:` of a repeating push: each occurrence moves by up to this much either way (at most half of
    /// `every`), drawn from the run's seed.
    package var jitter = Duration.zero

    package init(
        offset: Duration, payload: PushPayload, headers: PushHeaders = PushHeaders(), expiresAfter: Duration? = nil,
        every: Duration? = nil, jitter: Duration = .zero
    ) {
        self.offset = offset
        self.payload = payload
        self.headers = headers
        self.expiresAfter = expiresAfter
        self.every = every
        self.jitter = jitter
    }
}
