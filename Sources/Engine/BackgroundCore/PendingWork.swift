/// What one timeline record says of the work a run still has pending: a task request submitted and not yet
/// launched, a transfer created and not yet ended, a push waiting. A run's closing line lists what is still
/// pending at its end (CONTRACTS.md §10) from these, whichever module the record comes from.
///
/// ```swift
/// extension TaskRecord: PendingWorkRecord {
///     public var pendingWork: PendingWork? {
///         switch change {
///         case .submitted: PendingWork(.begins, "task", task, rank: 0)
///         case .launched, .rejected: PendingWork(.ends, "task", task, rank: 0)
///         default: nil
///         }
///     }
/// }
/// ```
public struct PendingWork: Hashable, Sendable {
    /// Whether the record begins the work or ends it.
    public enum Change: Hashable, Sendable {
        case begins, ends
    }

    public var change: Change
    /// The kind of work, as the closing line names it (`task`, `transfer`, `push`).
    public var kind: String
    /// Which one (`com.example.refresh`, `3`).
    public var item: String
    /// Where the kind comes in the closing line: lower first (tasks 0, transfers 1, pushes 2).
    public var rank: Int

    public init(_ change: Change, _ kind: String, _ item: String, rank: Int) {
        self.change = change
        self.kind = kind
        self.item = item
        self.rank = rank
    }
}

/// A record that may begin or end pending work (``PendingWork``).
public protocol PendingWorkRecord: TimelineRecord {
    /// What the record does to the pending work; nil: nothing.
    var pendingWork: PendingWork? { get }
}
