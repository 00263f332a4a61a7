public import BackgroundCore

extension TaskRecord: PendingWorkRecord {
    /// A submitted request is pending until it launches or is rejected.
    public var pendingWork: PendingWork? {
        switch change {
        case .submitted: PendingWork(.begins, "task", task, rank: 0)
        case .launched, .rejected: PendingWork(.ends, "task", task, rank: 0)
        case .waiting, .progress, .expired, .completed: nil
        }
    }
}
