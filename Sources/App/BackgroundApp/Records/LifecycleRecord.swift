public import BackgroundCore

/// `lifecycle`: the emulated app moved to another state, and why.
public struct LifecycleRecord: TimelineRecord {
    public var state: LifecycleState
    public var reason: String?

    public init(state: LifecycleState, reason: String?) {
        self.state = state
        self.reason = reason
    }

    public var name: String { "lifecycle" }

    public func write(to json: inout JSONObjectWriter) {
        json.field("state", string: state.rawValue)
        if let reason { json.field("reason", string: reason) }
    }

    public var textDetail: String { reason.map { "\(state.rawValue) (\($0))" } ?? state.rawValue }

    /// A span of the app's state; a termination also ends the bars of the background tasks the app still
    /// held (the process, and the tasks with it, ends there: no `backgroundTask.ended` follows).
    public var drawing: TimelineDrawing {
        .state(.lifecycle, styles: ["life " + state.rawValue], closing: state == .terminated ? .backgroundTasks : nil)
    }
}

extension TimelineRecord where Self == LifecycleRecord {
    /// A `lifecycle` record.
    public static func lifecycle(state: LifecycleState, reason: String?) -> Self { LifecycleRecord(state: state, reason: reason) }
}
