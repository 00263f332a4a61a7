public import BackgroundCore

/// `task.launched`: the scheduler launched a task; its handler runs.
public struct TaskLaunchedRecord: TimelineRecord {
    public static let event = "task.launched"
    public var task: String

    public init(task: String) {
        self.task = task
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("task", string: task)
    }

    public var textDetail: String { task }

    public var drawing: TimelineDrawing { .bar(.tasks, row: task, .open) }
}

extension TimelineRecord where Self == TaskLaunchedRecord {
    /// A `task.launched` record.
    public static func taskLaunched(task: String) -> Self { TaskLaunchedRecord(task: task) }
}
