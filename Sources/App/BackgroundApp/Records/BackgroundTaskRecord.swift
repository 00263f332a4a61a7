public import BackgroundCore

/// `backgroundTask.begun`, `backgroundTask.expired` or `backgroundTask.ended`: what happened to a
/// background task (``AppLifecycle/beginBackgroundTask(withName:expirationHandler:)``), by its name.
public struct BackgroundTaskRecord: TimelineRecord {
    /// What happened.
    public enum Change: String, Hashable, Sendable {
        /// The app (or the system, for `system`) began the task.
        case begun
        /// Its time is running out: its expiration handler runs.
        case expired
        /// The app ended it (`endBackgroundTask`).
        case ended
    }

    public var task: String
    public var change: Change

    public init(task: String, _ change: Change) {
        self.task = task
        self.change = change
    }

    public var name: String { "backgroundTask.\(change.rawValue)" }

    public func write(to json: inout JSONObjectWriter) {
        json.field("name", string: task)
    }

    public var textDetail: String { task }

    /// A bar on the task's row from its beginning, which an expiration ends (the bar stays open for the
    /// end its expiration handler reports).
    public var drawing: TimelineDrawing {
        switch change {
        case .begun: .bar(.backgroundTasks, row: task, .open)
        case .expired: .bar(.backgroundTasks, row: task, .mark(.expired))
        case .ended: .bar(.backgroundTasks, row: task, .close(.success))
        }
    }
}

extension TimelineRecord where Self == BackgroundTaskRecord {
    /// A `backgroundTask.begun`, `backgroundTask.expired` or `backgroundTask.ended` record.
    public static func backgroundTask(_ name: String, _ change: BackgroundTaskRecord.Change) -> Self {
        BackgroundTaskRecord(task: name, change)
    }
}
