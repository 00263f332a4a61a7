public import BackgroundCore

/// `task.submitted`: the scheduler accepted a request.
public struct TaskSubmittedRecord: TimelineRecord {
    public static let event = "task.submitted"
    public var task: String
    public var kind: TaskKind
    public var earliestBegin: SimTime?

    public init(task: String, kind: TaskKind, earliestBegin: SimTime?) {
        self.task = task
        self.kind = kind
        self.earliestBegin = earliestBegin
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("task", string: task)
        json.field("kind", string: kind.rawValue)
        if let earliestBegin { json.field("earliestBegin", time: earliestBegin) } else { json.fieldNull("earliestBegin") }
    }

    public var textDetail: String {
        let begin = earliestBegin.map { ", not before \(TextTimelineRenderer.time($0))" } ?? ""
        return "\(task) (\(kind.rawValue)\(begin))"
    }

    public var drawing: TimelineDrawing { .tick(.tasks, row: task, style: "submitted") }
}

extension TimelineRecord where Self == TaskSubmittedRecord {
    /// A `task.submitted` record.
    public static func taskSubmitted(task: String, kind: TaskKind, earliestBegin: SimTime?) -> Self {
        TaskSubmittedRecord(task: task, kind: kind, earliestBegin: earliestBegin)
    }
}
