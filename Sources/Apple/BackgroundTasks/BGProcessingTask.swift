/// A launched processing task (from a ``BGProcessingTaskRequest``).
open class BGProcessingTask: BGTask, @unchecked Sendable {}
