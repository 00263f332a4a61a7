/// A record a reader may fold into the one of its kind before it: a step of a quantity that changes often
/// (the battery's level, a percent at a time) with nothing else changed. The text timeline shows such steps
/// only when `--events` asks for their kind, and reports leave them out, so that neither grows with them;
/// the JSON-lines stream keeps every one (CONTRACTS.md §1).
///
/// ```swift
/// let folder = StepFolder()
/// timeline.addSink { event in if !folder.folds(event) { print(event) } }
/// ```
public protocol FoldableRecord: TimelineRecord {
    /// Whether this record differs from `previous`, the last record of its kind, only by a step.
    func isStep(after previous: Self) -> Bool
}

/// Tells which events are only steps (``FoldableRecord``), from the last record of each foldable kind.
///
/// - Warning: Not thread-safe: use it from one timeline's sink.
public final class StepFolder {
    private var last: [String: any FoldableRecord] = [:]

    public init() {}

    /// Whether `event` is only a step after the last event of its kind (which it then becomes).
    public func folds(_ event: TimelineEvent) -> Bool {
        guard let record = event.kind as? any FoldableRecord else { return false }
        defer { last[record.name] = record }
        return last[record.name].map { record.isStep(afterAny: $0) } ?? false
    }
}

extension FoldableRecord {
    /// ``isStep(after:)`` for a previous record of any type (false for another type).
    func isStep(afterAny previous: any FoldableRecord) -> Bool {
        (previous as? Self).map(isStep(after:)) ?? false
    }
}
