import BackgroundCore

/// A request to launch the app briefly in the background to refresh its content (Apple's
/// `BGAppRefreshTaskRequest`): the task gets ``BGTaskScheduler/Configuration/refreshBudget`` (30 s).
///
/// ```swift
/// let request = BGAppRefreshTaskRequest(identifier: "com.example.refresh")
/// request.earliestBeginDate = engine.now + .seconds(900)
/// try scheduler.submit(request)
/// ```
public final class BGAppRefreshTaskRequest: BGTaskRequest {
    public init(identifier: String) {
        super.init(identifier: identifier, kind: .refresh, earliestBeginDate: nil)
    }

    override func copy() -> BGTaskRequest {
        let copy = BGAppRefreshTaskRequest(identifier: identifier)
        copy.earliestBeginDate = earliestBeginDate
        return copy
    }
}
