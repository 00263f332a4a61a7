/// What happened, as one entry of the timeline: each module defines the records of its own events
/// (`BackgroundLocation` the `location` record, `BackgroundScheduler` `task.launched`, …) and says here how
/// every output shows them.
///
/// A record gives its `name` (the JSON-lines stream's `event` field, CONTRACTS.md section 1), writes its
/// fields in the contract's order, gives the text timeline's detail and says what the HTML report draws.
/// ``Timeline`` stamps it with a time; ``JSONLinesRenderer``, ``TextTimelineRenderer`` and the report read
/// nothing else of it.
///
/// ```swift
/// public struct DownloadRecord: TimelineRecord {
///     public var url: String
///     public var name: String { "download.started" }
///     public func write(to json: inout JSONObjectWriter) { json.field("url", string: url) }
///     public var textDetail: String { url }
///     public var drawing: TimelineDrawing { .bar(.downloads, row: url, .open) }
/// }
/// extension TimelineRecord where Self == DownloadRecord {
///     public static func downloadStarted(url: String) -> Self { DownloadRecord(url: url) }
/// }
/// timeline.record(.downloadStarted(url: "https://example.com/tour.zip"))
/// ```
public protocol TimelineRecord: Hashable, Sendable {
    /// The `event` name of the stream (`task.launched`).
    var name: String { get }
    /// Writes the record's fields — after `time` and `event`, which the renderer writes — in the order of
    /// the contract.
    func write(to json: inout JSONObjectWriter)
    /// The text timeline's line after the time and the event's name (`com.example.refresh succeeded`).
    var textDetail: String { get }
    /// What the HTML report draws for the record.
    var drawing: TimelineDrawing { get }
}

extension TimelineRecord {
    /// True when `other` is a record of the same type with the same fields.
    public func isEqual(to other: any TimelineRecord) -> Bool {
        guard let other = other as? Self else { return false }
        return other == self
    }
}

/// True when `lhs` is a record of `rhs`'s type with equal fields, so that a test reads
/// `#expect(events[1].kind == .taskLaunched(task: "refresh"))`.
public func == (lhs: (any TimelineRecord)?, rhs: some TimelineRecord) -> Bool {
    lhs?.isEqual(to: rhs) ?? false
}
