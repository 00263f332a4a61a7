public import BackgroundCore

/// Prints timeline events to standard output in the chosen format.
///
/// A virtual-time run prints as fast as it can, buffered; a paced or live run passes
/// `flushEachLine: true` so that every event shows when it happens. `events` (`--events`) keeps only the
/// events it matches; without it, the text timeline leaves out plain location updates (a walk is
/// hundreds of them) and steps (``FoldableRecord``: the battery's level changing alone, a line a percent),
/// which its closing line counts.
public struct TimelinePrinter: Sendable {
    public let format: TimelineFormat
    public let flushEachLine: Bool
    public let events: EventFilter?

    public init(format: TimelineFormat, flushEachLine: Bool = false, events: EventFilter? = nil) {
        self.format = format
        self.flushEachLine = flushEachLine
        self.events = events
    }

    /// Whether the event named `name` is printed.
    public func shows(_ name: String) -> Bool {
        events?.matches(name) ?? (format == .jsonl || name != "location")
    }

    public func print(_ event: TimelineEvent) {
        switch format {
        case .jsonl: StandardOutput.writeLine(JSONLinesRenderer().render(event))
        case .text: StandardOutput.writeLine(TextTimelineRenderer().render(event))
        }
        if flushEachLine { StandardOutput.flush() }
    }

    /// Attaches this printer to a timeline; the summary it returns writes the closing line.
    @discardableResult
    public func attach(to timeline: Timeline) -> RunSummary {
        let summary = RunSummary(format: format)
        let folder = format == .text && events == nil ? StepFolder() : nil
        timeline.addEventListener { event in
            let shown = self.shows(event.kind.name) && folder?.folds(event) != true
            if shown { self.print(event) }
            summary.note(event, shown: shown)
        }
        return summary
    }
}
