/// A launched refresh task (from a ``BGAppRefreshTaskRequest``).
///
/// `@unchecked Sendable` as ``BGTask`` is: every call reaches the scheduler's task on the main queue.
open class BGAppRefreshTask: BGTask, @unchecked Sendable {}
