/// One entry of the typed event log that every tool prints: what happened (a ``TimelineRecord`` of the
/// module it happened in), and when.
///
/// ``JSONLinesRenderer`` and ``TextTimelineRenderer`` turn events into lines (CONTRACTS.md section 1).
/// Two events are equal when their times are and their records are of one type with equal fields:
/// ```swift
/// #expect(timeline.events.last == TimelineEvent(time: .defaultStart, kind: .error(message: "gone", code: nil)))
/// #expect(timeline.events.map(\.kind.name) == ["state", "enter", "exit"])
/// ```
public struct TimelineEvent: Hashable, Sendable {
    public var time: SimTime
    /// The record: its type says which event this is (`kind.name` is the stream's `event` name).
    public var kind: any TimelineRecord

    public init(time: SimTime, kind: some TimelineRecord) {
        self.time = time
        self.kind = kind
    }

    public static func == (lhs: TimelineEvent, rhs: TimelineEvent) -> Bool {
        lhs.time == rhs.time && lhs.kind.isEqual(to: rhs.kind)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        kind.hash(into: &hasher)
    }
}
