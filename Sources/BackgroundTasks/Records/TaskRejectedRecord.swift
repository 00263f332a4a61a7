public import BackgroundCore

/// `task.rejected`: the scheduler refused a request, with the error's name (`notPermitted`).
public struct TaskRejectedRecord: TimelineRecord {
    public static let event = "task.rejected"
    public var task: String
    public var error: String

    public init(task: String, error: String) {
        self.task = task
        self.error = error
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("task", string: task)
        json.field("error", string: error)
    }

    public var textDetail: String { "\(task) rejected: \(error)" }

    public var drawing: TimelineDrawing { .tick(.tasks, row: task, style: "rejected") }
}

extension TimelineRecord where Self == TaskRejectedRecord {
    /// A `task.rejected` record.
    public static func taskRejected(task: String, error: String) -> Self { TaskRejectedRecord(task: task, error: error) }
}
