/// A launched processing task (from a ``BGProcessingTaskRequest``).
///
/// `@unchecked Sendable` as ``BGTask`` is: every call reaches the scheduler's task on the main queue.
open class BGProcessingTask: BGTask, @unchecked Sendable {}
