/// The event log of a run: stamps each event with the engine's current time and hands it to its sinks.
///
/// ```swift
/// let engine = EventEngine(start: .defaultStart)
/// let timeline = Timeline(engine: engine)
/// timeline.addEventListener { print(JSONLinesRenderer().render($0)) }
/// timeline.record(.error(message: "the trace ended early", code: nil))
/// ```
/// In tests, `Timeline(engine:keepingEvents: true)` keeps every event in ``events`` to assert on.
public final class Timeline {
    private let engine: EventEngine
    // Recorded on every event: without dynamic exclusivity checks, as in the engine (single owner).
    @exclusivity(unchecked) private var sinks: [(TimelineEvent) -> Void] = []
    private let keepsEvents: Bool
    /// Every event recorded so far, when created with `keepingEvents: true`; otherwise empty.
    @exclusivity(unchecked) public private(set) var events: [TimelineEvent] = []

    public init(engine: EventEngine, keepingEvents: Bool = false) {
        self.engine = engine
        self.keepsEvents = keepingEvents
    }

    /// Adds a listener (a sink: a renderer, a report, a tally) that receives every event from now on, in
    /// the order listeners were added.
    public func addEventListener(_ listener: @escaping (TimelineEvent) -> Void) {
        sinks.append(listener)
    }

    /// Records `record` at the engine's current time. With no sink and no kept events it costs nothing:
    /// the record is not even boxed into a ``TimelineEvent`` (a replay records a `location` per fix).
    public func record(_ record: some TimelineRecord) {
        guard keepsEvents || !sinks.isEmpty else { return }
        self.record(TimelineEvent(time: engine.now, kind: record))
    }

    /// Records an event with an explicit time (a fix's own time, for example).
    public func record(_ event: TimelineEvent) {
        if keepsEvents { events.append(event) }
        for sink in sinks { sink(event) }
    }
}
