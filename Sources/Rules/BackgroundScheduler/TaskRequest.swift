public import BackgroundCore

/// A request to launch the app in the background to run a task: the common part of ``RefreshTaskRequest``,
/// ``ProcessingTaskRequest`` and ``ContinuedTaskRequest``, as `BGTaskRequest` is in Apple's BackgroundTasks.
///
/// Like Apple's, a request is a class with a settable ``earliestBeginDate``; ``TaskScheduler`` keeps a
/// copy when you submit it, so changing the object afterwards changes nothing.
///
/// ```swift
/// let request = RefreshTaskRequest(identifier: "com.example.refresh")
/// request.earliestBeginDate = engine.now + .seconds(15 * 60)
/// try scheduler.submit(request)
/// ```
public class TaskRequest: CustomStringConvertible {
    /// The task's identifier, one of the app's permitted identifiers.
    public let identifier: String
    /// The earliest time the task may launch; nil means as soon as the scheduler sees fit.
    ///
    /// Apple's property is a `Date`; on virtual time it is a ``SimTime`` (for example `engine.now + delay`).
    public var earliestBeginDate: SimTime?
    /// Which kind of task this request launches.
    public let kind: TaskKind

    init(identifier: String, kind: TaskKind, earliestBeginDate: SimTime?) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBeginDate = earliestBeginDate
    }

    /// A copy with the same values, of the same class.
    func copy() -> TaskRequest {
        TaskRequest(identifier: identifier, kind: kind, earliestBeginDate: earliestBeginDate)
    }

    public var description: String {
        "\(kind.rawValue) \(identifier)" + (earliestBeginDate.map { " not before \($0.rfc3339)" } ?? "")
    }
}
