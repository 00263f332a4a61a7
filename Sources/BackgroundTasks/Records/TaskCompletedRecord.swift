public import BackgroundCore

/// `task.completed`: a task's handler called `setTaskCompleted(success:)`.
public struct TaskCompletedRecord: TimelineRecord {
    public static let event = "task.completed"
    public var task: String
    public var success: Bool

    public init(task: String, success: Bool) {
        self.task = task
        self.success = success
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("task", string: task)
        json.field("success", bool: success)
    }

    public var textDetail: String { "\(task) \(success ? "succeeded" : "failed")" }

    public var drawing: TimelineDrawing { .bar(.tasks, row: task, .close(success ? .success : .failed)) }
}

extension TimelineRecord where Self == TaskCompletedRecord {
    /// A `task.completed` record.
    public static func taskCompleted(task: String, success: Bool) -> Self { TaskCompletedRecord(task: task, success: success) }
}
