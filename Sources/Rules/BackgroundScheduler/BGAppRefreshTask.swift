/// A refresh task, launched from a ``BGAppRefreshTaskRequest``: it has 30 seconds
/// (``BGTaskScheduler/Configuration/refreshBudget``) before it expires.
///
/// ```swift
/// scheduler.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
///     let refresh = task as! BGAppRefreshTask
///     refresh.setTaskCompleted(success: true)
/// }
/// ```
public final class BGAppRefreshTask: BGTask {}
