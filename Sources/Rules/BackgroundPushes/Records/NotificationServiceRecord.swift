public import BackgroundCore

/// `notificationService.launched`, `notificationService.completed` or `notificationService.expired`: the app's
/// notification service extension working on a push's content (``NotificationService``). `push` is the
/// push's number in the run; the `push.displayed` that follows says which content the user sees.
public struct NotificationServiceRecord: TimelineRecord {
    /// What happened to the extension's run.
    public enum Change: Hashable, Sendable {
        /// iOS launched the extension with the push (`didReceive(_:withContentHandler:)`).
        case launched
        /// The extension called its content handler in time.
        case completed
        /// The time ran out first (`serviceExtensionTimeWillExpire()`): the original content is shown.
        case expired(reason: NotificationService.ExpiryReason)
    }

    public var push: Int
    public var change: Change

    public init(push: Int, _ change: Change) {
        self.push = push
        self.change = change
    }

    public var name: String {
        switch change {
        case .launched: "notificationService.launched"
        case .completed: "notificationService.completed"
        case .expired: "notificationService.expired"
        }
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("push", integer: push)
        if case .expired(let reason) = change { json.field("reason", string: reason.rawValue) }
    }

    public var textDetail: String {
        switch change {
        case .launched, .completed: "\(push)"
        case .expired(let reason): "\(push) \(reason.rawValue)"
        }
    }

    /// The extension's run is a bar on its own row beside the push's (a push may also wake the app).
    public var drawing: TimelineDrawing {
        let row = "push \(push) extension"
        return switch change {
        case .launched: .bar(.pushes, row: row, .open)
        case .completed: .bar(.pushes, row: row, .close(.success))
        case .expired: .bar(.pushes, row: row, .close(.expired))
        }
    }
}

extension TimelineRecord where Self == NotificationServiceRecord {
    /// A `notificationService.launched` record.
    public static func notificationServiceLaunched(push: Int) -> Self { NotificationServiceRecord(push: push, .launched) }

    /// A `notificationService.completed` record.
    public static func notificationServiceCompleted(push: Int) -> Self { NotificationServiceRecord(push: push, .completed) }

    /// A `notificationService.expired` record.
    public static func notificationServiceExpired(push: Int, reason: NotificationService.ExpiryReason) -> Self {
        NotificationServiceRecord(push: push, .expired(reason: reason))
    }
}
