public import BackgroundCore

/// The APNs request headers that decide how a push is delivered: `apns-priority`, `apns-push-type` and
/// `apns-expiration`.
///
/// A payload file in `xcrun simctl push`'s format carries no headers, so the priority and push type left
/// unset (nil) are chosen from the payload as a sender chooses them (Apple, "Sending notification requests
/// to APNs"; ``PushDelivery/init(payload:headers:)``): a notification that alerts, sounds or badges goes as
/// `alert` with priority 10, anything else as `background` with priority 5. The manifest states other values
/// (`priority: 10`, `pushType: voip`) to send them, or to see APNs' rejection.
///
/// ```swift
/// var headers = PushHeaders()                          // priority and push type by content
/// headers.expiration = .at(SimTime.defaultStart + .seconds(3600))
/// PushHeaders(priority: 10, pushType: "alert")         // stated
/// ```
public struct PushHeaders: Hashable, Sendable {
    /// When APNs stops trying to deliver a push it could not deliver at once (`apns-expiration`).
    public enum Expiration: Hashable, Sendable {
        /// No header: APNs stores the push for up to ``PushPolicy/Configuration/apnsStorageLimit`` (30 days).
        case unspecified
        /// `apns-expiration: 0`: delivered at once or not at all; APNs does not store it.
        case immediately
        /// A UNIX time: the push is discarded once this time has passed.
        case at(SimTime)

        /// The header's value: a UNIX time in seconds, 0 for ``immediately`` (a time beyond the year 2262,
        /// SimTime's range, is taken as that limit).
        public init(headerValue seconds: Int64) {
            let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            self = seconds == 0 ? .immediately
                : .at(SimTime(nanosecondsSinceEpoch: overflow ? (seconds < 0 ? .min : .max) : nanoseconds))
        }
    }

    /// `apns-priority`: 10 (at once), 5 (power-aware; background pushes must use it) or 1; nil: by content.
    public var priority: Int?
    /// `apns-push-type`: `alert`, `background` or `voip` (APNs knows others, which bgkit does not
    /// deliver); nil: by content.
    public var pushType: String?
    public var expiration: Expiration

    public init(priority: Int? = nil, pushType: String? = nil, expiration: Expiration = .unspecified) {
        self.priority = priority
        self.pushType = pushType
        self.expiration = expiration
    }
}
