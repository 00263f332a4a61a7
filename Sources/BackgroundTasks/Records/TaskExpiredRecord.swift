public import BackgroundCore

/// `task.expired`: a running task's time ran out; its expiration handler runs.
public struct TaskExpiredRecord: TimelineRecord {
    public static let event = "task.expired"
    public var task: String

    public init(task: String) {
        self.task = task
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("task", string: task)
    }

    public var textDetail: String { task }

    /// The run ends here but stays open for the completion that follows its expiration handler.
    public var drawing: TimelineDrawing { .bar(.tasks, row: task, .mark(.expired)) }
}

extension TimelineRecord where Self == TaskExpiredRecord {
    /// A `task.expired` record.
    public static func taskExpired(task: String) -> Self { TaskExpiredRecord(task: task) }
}
