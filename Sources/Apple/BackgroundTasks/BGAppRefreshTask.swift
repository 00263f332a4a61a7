/// A launched refresh task (from a ``BGAppRefreshTaskRequest``).
open class BGAppRefreshTask: BGTask, @unchecked Sendable {}
