/// A refresh task, launched from a refresh ``TaskRequest``: it has 30 seconds
/// (``TaskScheduler/Configuration/refreshBudget``) before it expires.
///
/// ```swift
/// scheduler.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
///     let refresh = task as! RefreshTask
///     refresh.setTaskCompleted(success: true)
/// }
/// ```
public final class RefreshTask: LaunchedTask {}
