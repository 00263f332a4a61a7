/// How far a ``ContinuedTask`` has got, as units done of a total — the part of Foundation's
/// `Progress` that the task reports (`task.progress.completedUnitCount`).
///
/// Every change is a report: it records a `task.progress` event and tells the system the task is not
/// stuck (a task that reports nothing for ``TaskScheduler/Configuration/continuedStallLimit`` is expired).
///
/// ```swift
/// export.progress.totalUnitCount = 10
/// export.progress.completedUnitCount += 1     // task.progress com.example.export.job1 1/10
/// ```
public final class TaskProgress {
    /// The units of the whole work.
    public var totalUnitCount: Int64 = 0 {
        didSet { onChange(self) }
    }

    /// The units done.
    public var completedUnitCount: Int64 = 0 {
        didSet { onChange(self) }
    }

    var onChange: (TaskProgress) -> Void = { _ in }

    init() {}
}
