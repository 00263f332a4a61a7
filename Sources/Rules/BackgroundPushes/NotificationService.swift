import BackgroundCore
import JSON

/// A notification service app extension (`UNNotificationServiceExtension`) and its time limit: which pushes
/// iOS hands to it, and what the user sees when its work ends or its time runs out.
///
/// Apple's rules (docs/IOS-RULES.md, docs/PUSH.md):
/// - the extension runs "only when both of the following conditions are met: The remote notification is
///   configured to display an alert. The remote notification's aps dictionary includes the mutable-content
///   key with the value set to 1" (``runs(for:delivery:)``: `aps` has `alert`, and `mutable-content` is the
///   number 1; sound or badge alone are not modified);
/// - `didReceive(_:withContentHandler:)` "has a limited amount of time"; when it does not finish in time
///   "the system calls the serviceExtensionTimeWillExpire() method", and without new content "the system
///   displays the original content" (``outcome``).
///
/// The limit's length is not in Apple's pages: developers observe about 30 seconds, which is the emulator's
/// choice (``defaultTimeLimit``, configurable).
///
/// ```swift
/// let service = NotificationService(work: .seconds(45))
/// service.outcome   // .expired(after: 30 s): serviceExtensionTimeWillExpire, then the original content
/// ```
public struct NotificationService: Hashable, Sendable {
    /// What the user is shown: the extension's content, or the push's own.
    public enum Content: String, Hashable, Sendable {
        /// The content the extension passed to its content handler in time.
        case modified
        /// The push's own content: the extension's time ran out first.
        case original
    }

    /// How the extension's run ends, counted from the push's arrival.
    public enum Outcome: Hashable, Sendable {
        /// The extension called its content handler after `after`: the modified content is shown.
        case modified(after: Duration)
        /// The time limit passed first: `serviceExtensionTimeWillExpire()`, then the original content.
        case expired(after: Duration)
    }

    /// Why an extension's run ended without modified content (`notificationService.expired`'s `reason`).
    public enum ExpiryReason: String, Hashable, Sendable {
        /// The extension did not call its content handler within the time limit.
        case timeLimit
    }

    /// The emulator's choice for Apple's "limited amount of time": 30 seconds, what developers observe.
    public static let defaultTimeLimit = Duration.seconds(30)

    /// How long `didReceive(_:withContentHandler:)` works before it calls the content handler.
    public var work: Duration
    /// How long iOS lets it work.
    public var timeLimit: Duration

    public init(work: Duration, timeLimit: Duration = Self.defaultTimeLimit) {
        self.work = work
        self.timeLimit = timeLimit
    }

    /// Work of exactly the limit is in time; longer work expires at the limit.
    public var outcome: Outcome {
        work <= timeLimit ? .modified(after: work) : .expired(after: timeLimit)
    }

    /// True when iOS hands the push to the app's extension: a notification with an alert, and
    /// `"mutable-content": 1` in `aps`.
    public static func runs(for payload: PushPayload, delivery: PushDelivery) -> Bool {
        guard delivery.displaysNotification, case .object(let aps)? = payload.userInfo["aps"] else { return false }
        return aps.contains { $0.key == "alert" } && payload.userInfo["aps"]?["mutable-content"] == .number(1)
    }
}
