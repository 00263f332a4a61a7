public import BackgroundCore

/// The APNs request headers that decide how a push is delivered: `apns-priority`, `apns-push-type` and
/// `apns-expiration`.
///
/// A background push must carry `apns-priority: 5` and `apns-push-type: background` (Apple, "Pushing
/// background updates to your App"; docs/PUSH.md). The defaults are those two values and no expiration,
/// because a payload file in `xcrun simctl push`'s format carries no headers: the manifest states other
/// values (`priority: 10`, `pushType: alert`) to see the rejection.
///
/// ```swift
/// var headers = PushHeaders()                          // priority 5, background
/// headers.expiration = .at(SimTime.defaultStart + .seconds(3600))
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

    /// `apns-priority`: 10 (at once, must alert, sound or badge), 5 (power-aware; background pushes) or 1.
    public var priority: Int
    /// `apns-push-type`: `background` for a background push (others: `alert`, `voip`, `complication`, …).
    public var pushType: String
    public var expiration: Expiration

    public init(priority: Int = 5, pushType: String = "background", expiration: Expiration = .unspecified) {
        self.priority = priority
        self.pushType = pushType
        self.expiration = expiration
    }
}
