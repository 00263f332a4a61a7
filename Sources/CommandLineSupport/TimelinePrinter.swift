public import BackgroundCore

/// Prints timeline events to standard output in the chosen format.
///
/// A virtual-time run prints as fast as it can, buffered; a paced or live run passes
/// `flushEachLine: true` so that every event shows when it happens.
public struct TimelinePrinter: Sendable {
    public let format: TimelineFormat
    public let flushEachLine: Bool

    public init(format: TimelineFormat, flushEachLine: Bool = false) {
        self.format = format
        self.flushEachLine = flushEachLine
    }

    public func print(_ event: TimelineEvent) {
        switch format {
        case .jsonl: StandardOutput.writeLine(JSONLinesRenderer().render(event))
        case .text: StandardOutput.writeLine(TextTimelineRenderer().render(event))
        }
        if flushEachLine { StandardOutput.flush() }
    }

    /// Attaches this printer to a timeline.
    public func attach(to timeline: Timeline) {
        timeline.addSink { self.print($0) }
    }
}
