public import BackgroundCore

/// `task.submitted`, `task.rejected`, `task.waiting`, `task.launched`, `task.progress`, `task.expired` or
/// `task.completed`: what happened to a task request or a task run.
public struct TaskRecord: TimelineRecord {
    /// What happened; its fields follow `task` in the event stream.
    public enum Change: Hashable, Sendable {
        /// The scheduler accepted a request; `from` names the app extension that submitted it (nil: the app).
        case submitted(kind: TaskKind, earliestBegin: SimTime?, from: String? = nil)
        /// The scheduler refused a request, with the error's name (`notPermitted`) and why (the missing
        /// background mode or permitted identifier; empty when there is nothing to add).
        case rejected(error: String, reason: String)
        /// A pending request does not launch, for `reason` (`beforeFirstUnlock`, CONTRACTS.md §8).
        case waiting(reason: String)
        /// The scheduler launched the task; its handler runs.
        case launched
        /// A continued processing task reported its progress: `completed` units of `total`.
        case progress(completed: Int64, total: Int64)
        /// The task's time ran out; its expiration handler runs.
        case expired
        /// The handler called `setTaskCompleted(success:)`.
        case completed(success: Bool)
    }

    public var task: String
    public var change: Change
    /// A `task.launched` in the same launch of the app as `batchedWith`'s, which the system launched for
    /// its own reasons: this one came along (`with` in the stream, "(with ID)" in text; issue 35).
    public var batchedWith: String?

    public init(task: String, _ change: Change, batchedWith: String? = nil) {
        self.task = task
        self.change = change
        self.batchedWith = batchedWith
    }

    public var name: String {
        switch change {
        case .submitted: "task.submitted"
        case .rejected: "task.rejected"
        case .waiting: "task.waiting"
        case .launched: "task.launched"
        case .progress: "task.progress"
        case .expired: "task.expired"
        case .completed: "task.completed"
        }
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("task", string: task)
        switch change {
        case .submitted(let kind, let earliestBegin, let from):
            json.field("kind", string: kind.rawValue)
            if let earliestBegin { json.field("earliestBegin", time: earliestBegin) } else { json.fieldNull("earliestBegin") }
            if let from { json.field("from", string: from) }
        case .rejected(let error, let reason):
            json.field("error", string: error)
            if !reason.isEmpty { json.field("reason", string: reason) }
        case .waiting(let reason): json.field("reason", string: reason)
        case .progress(let completed, let total):
            json.field("completed", integer: Int(completed))
            json.field("total", integer: Int(total))
        case .launched: if let batchedWith { json.field("with", string: batchedWith) }
        case .expired: break
        case .completed(let success): json.field("success", bool: success)
        }
    }

    public var textDetail: String {
        switch change {
        case .submitted(let kind, let earliestBegin, let from):
            let begin = earliestBegin.map { ", not before \(TextTimelineRenderer.time($0))" } ?? ""
            return "\(task) (\(kind.rawValue)\(begin))" + (from.map { " from \($0)" } ?? "")
        case .rejected(let error, let reason): return "\(task) rejected: \(error)\(reason.isEmpty ? "" : " (\(reason))")"
        case .waiting(let reason): return "\(task) \(reason)"
        case .progress(let completed, let total): return "\(task) \(completed)/\(total)"
        case .launched: return task + (batchedWith.map { " (with \($0))" } ?? "")
        case .expired: return task
        case .completed(let success): return "\(task) \(success ? "succeeded" : "failed")"
        }
    }

    /// Submissions, rejections and progress reports are ticks on the task's row (progress over the run's
    /// bar); a run is a bar from its launch, which an expiration ends (the bar stays open for the
    /// completion its expiration handler reports).
    public var drawing: TimelineDrawing {
        switch change {
        case .submitted: .tick(.tasks, row: task, style: "submitted")
        case .rejected: .tick(.tasks, row: task, style: "rejected")
        case .waiting: .tick(.tasks, row: task, style: "waiting")
        case .progress: .tick(.tasks, row: task, style: "progress")
        case .launched: .bar(.tasks, row: task, .open)
        case .expired: .bar(.tasks, row: task, .mark(.expired))
        case .completed(let success): .bar(.tasks, row: task, .close(success ? .success : .failed))
        }
    }
}

extension TimelineRecord where Self == TaskRecord {
    /// A `task.submitted` record.
    public static func taskSubmitted(task: String, kind: TaskKind, earliestBegin: SimTime?, from: String? = nil) -> Self {
        TaskRecord(task: task, .submitted(kind: kind, earliestBegin: earliestBegin, from: from))
    }

    /// A `task.rejected` record; `reason` says why (the missing background mode or identifier).
    public static func taskRejected(task: String, error: String, reason: String = "") -> Self {
        TaskRecord(task: task, .rejected(error: error, reason: reason))
    }

    /// A `task.waiting` record.
    public static func taskWaiting(task: String, reason: String) -> Self { TaskRecord(task: task, .waiting(reason: reason)) }

    /// A `task.launched` record.
    public static func taskLaunched(task: String) -> Self { TaskRecord(task: task, .launched) }
    /// A `task.launched` record of a task that came along in `other`'s launch (nil: its own).
    public static func taskLaunched(task: String, with other: String?) -> Self { TaskRecord(task: task, .launched, batchedWith: other) }

    /// A `task.progress` record.
    public static func taskProgress(task: String, completed: Int64, total: Int64) -> Self {
        TaskRecord(task: task, .progress(completed: completed, total: total))
    }

    /// A `task.expired` record.
    public static func taskExpired(task: String) -> Self { TaskRecord(task: task, .expired) }

    /// A `task.completed` record.
    public static func taskCompleted(task: String, success: Bool) -> Self { TaskRecord(task: task, .completed(success: success)) }
}
