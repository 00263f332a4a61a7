public import BackgroundCore

/// `push.displayed`, `push.received`, `push.completed`, `push.rejected`, `push.throttled`, `push.held`,
/// `push.coalesced` or `push.dropped`: what happened to a push (CONTRACTS.md sections 6 and 9). `push` is the push's number in
/// the run.
public struct PushRecord: TimelineRecord {
    /// What happened; its fields follow `push` in the event stream.
    public enum Change: Hashable, Sendable {
        /// The push is a notification shown to the user (alert, sound or badge); `content` says whose
        /// content when the app's notification service extension ran (nil when none did).
        case displayed(content: NotificationService.Content?)
        /// The push was delivered: the app is woken or launched to handle it.
        case received
        /// The app called the completion handler with `result`.
        case completed(result: PushFetchResult)
        /// APNs or iOS refused the push: a ``PushPayloadError/Code`` name or `notPermitted`.
        case rejected(error: String)
        /// The budget holds the push back.
        case throttled
        /// The system holds the push for `reason` (recorded under the realistic policy).
        case held(reason: PushDecision.HoldReason)
        /// A newer push, `by`, replaced this pending one.
        case coalesced(by: Int)
        /// The push is discarded, for `reason`.
        case dropped(reason: PushDecision.DropReason)
    }

    public var push: Int
    public var change: Change

    public init(push: Int, _ change: Change) {
        self.push = push
        self.change = change
    }

    public var name: String {
        switch change {
        case .displayed: "push.displayed"
        case .received: "push.received"
        case .completed: "push.completed"
        case .rejected: "push.rejected"
        case .throttled: "push.throttled"
        case .held: "push.held"
        case .coalesced: "push.coalesced"
        case .dropped: "push.dropped"
        }
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("push", integer: push)
        switch change {
        case .displayed(let content?): json.field("content", string: content.rawValue)
        case .displayed, .received, .throttled: break
        case .completed(let result): json.field("result", string: result.rawValue)
        case .rejected(let error): json.field("error", string: error)
        case .coalesced(let by): json.field("by", integer: by)
        case .dropped(let reason): json.field("reason", string: reason.rawValue)
        case .held(let reason): json.field("reason", string: reason.rawValue)
        }
    }

    public var textDetail: String {
        switch change {
        case .displayed(let content?): "\(push) \(content.rawValue)"
        case .displayed, .received, .throttled: "\(push)"
        case .completed(let result): "\(push) \(result.rawValue)"
        case .rejected(let error): "\(push) \(error)"
        case .coalesced(let by): "\(push) by \(by)"
        case .dropped(let reason): "\(push) \(reason.rawValue)"
        case .held(let reason): "\(push) \(reason.rawValue)"
        }
    }

    /// A push's row shows the handler's run as a bar, from its delivery to the completion handler (failed
    /// when it reports `failed`), and its refusals and waits as ticks.
    public var drawing: TimelineDrawing {
        let row = "push \(push)"
        return switch change {
        case .received: .bar(.pushes, row: row, .open)
        case .completed(let result): .bar(.pushes, row: row, .close(result == .failed ? .failed : .success))
        case .displayed: .tick(.pushes, row: row, style: "submitted")
        case .rejected, .dropped: .tick(.pushes, row: row, style: "rejected")
        case .throttled, .held, .coalesced: .tick(.pushes, row: row, style: "waiting")
        }
    }
}

extension TimelineRecord where Self == PushRecord {
    /// A `push.displayed` record; `content` when the app's notification service extension ran.
    public static func pushDisplayed(push: Int, content: NotificationService.Content? = nil) -> Self {
        PushRecord(push: push, .displayed(content: content))
    }

    /// A `push.received` record.
    public static func pushReceived(push: Int) -> Self { PushRecord(push: push, .received) }

    /// A `push.completed` record.
    public static func pushCompleted(push: Int, result: PushFetchResult) -> Self { PushRecord(push: push, .completed(result: result)) }

    /// A `push.rejected` record.
    public static func pushRejected(push: Int, error: String) -> Self { PushRecord(push: push, .rejected(error: error)) }

    /// A `push.throttled` record.
    public static func pushThrottled(push: Int) -> Self { PushRecord(push: push, .throttled) }

    /// A `push.held` record.
    public static func pushHeld(push: Int, reason: PushDecision.HoldReason) -> Self { PushRecord(push: push, .held(reason: reason)) }

    /// A `push.coalesced` record.
    public static func pushCoalesced(push: Int, by: Int) -> Self { PushRecord(push: push, .coalesced(by: by)) }

    /// A `push.dropped` record.
    public static func pushDropped(push: Int, reason: PushDecision.DropReason) -> Self { PushRecord(push: push, .dropped(reason: reason)) }
}
