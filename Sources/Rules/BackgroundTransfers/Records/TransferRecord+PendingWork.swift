public import BackgroundCore

extension TransferRecord: PendingWorkRecord {
    /// A created transfer is pending until it completes or fails (a cancelled one fails).
    public var pendingWork: PendingWork? {
        switch change {
        case .created: PendingWork(.begins, "transfer", "\(transfer)", rank: 1)
        case .completed, .failed: PendingWork(.ends, "transfer", "\(transfer)", rank: 1)
        case .waiting, .started, .retrying: nil
        }
    }
}
