import BackgroundCore

/// A request to launch the app briefly in the background to refresh its content (Apple's
/// `BGAppRefreshTaskRequest`): the task gets ``TaskScheduler/Configuration/refreshBudget`` (30 s).
///
/// ```swift
/// let request = RefreshTaskRequest(identifier: "com.example.refresh")
/// request.earliestBeginDate = engine.now + .seconds(900)
/// try scheduler.submit(request)
/// ```
public final class RefreshTaskRequest: TaskRequest {
    public init(identifier: String) {
        super.init(identifier: identifier, kind: .refresh, earliestBeginDate: nil)
    }

    override func copy() -> TaskRequest {
        let copy = RefreshTaskRequest(identifier: identifier)
        copy.earliestBeginDate = earliestBeginDate
        return copy
    }
}
