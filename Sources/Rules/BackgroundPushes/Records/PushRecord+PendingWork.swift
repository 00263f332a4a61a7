public import BackgroundCore

extension PushRecord: PendingWorkRecord {
    /// A push throttled or held by the system is pending until it is delivered, coalesced or dropped.
    public var pendingWork: PendingWork? {
        switch change {
        case .throttled, .held: PendingWork(.begins, "push", "\(push)", rank: 2)
        case .received, .coalesced, .dropped: PendingWork(.ends, "push", "\(push)", rank: 2)
        case .displayed, .completed, .rejected: nil
        }
    }
}
