package import BackgroundCore

/// Prints timeline events to standard output in the chosen format.
///
/// A virtual-time run prints as fast as it can, buffered; a paced or live run passes
/// `flushEachLine: true` so that every event shows when it happens. `events` (`--events`) keeps only the
/// events it matches; without it, the text timeline leaves out plain location updates (a walk is
/// hundreds of them) and steps (``FoldableRecord``: the battery's level changing alone, a line a percent),
/// which its closing line counts.
package struct TimelinePrinter: Sendable {
    package let format: TimelineFormat
    package let flushEachLine: Bool
    package let events: EventFilter?

    package init(format: TimelineFormat, flushEachLine: Bool = false, events: EventFilter? = nil) {
        self.format = format
        self.flushEachLine = flushEachLine
        self.events = events
    }

    /// Whether the event named `name` is printed.
    package func shows(_ name: String) -> Bool {
        events?.matches(name) ?? (format == .jsonl || name != "location")
    }

    package func print(_ event: TimelineEvent) {
        switch format {
        case .jsonl: StandardOutput.writeLine(JSONLinesRenderer().render(event))
        case .text: StandardOutput.writeLine(TextTimelineRenderer().render(event))
        }
        if flushEachLine { StandardOutput.flush() }
    }

    /// Attaches this printer to a timeline; the summary it returns writes the closing line.
    @discardableResult
    package func attach(to timeline: Timeline) -> RunSummary {
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
