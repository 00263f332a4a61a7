public import BackgroundCore

/// Device conditions from a script: a starting state and a list of timed partial changes.
///
/// Offsets count from the engine's time when the source starts. Entries at offset zero (or below) make up
/// the state at the start; the others are applied on the engine at their time, in order (entries with
/// equal offsets in the order given). This is the manifest's `conditions:` list.
///
/// ```swift
/// let conditions = ScriptedConditions([
///     .init(offset: .zero, change: ConditionsChange(network: .wifi, battery: 80)),
///     .init(offset: .seconds(6 * 3600), change: ConditionsChange(power: .charging, idle: true)),
/// ])
/// ```
/// In a test, the scheduler's timeline then shows one `conditions` event at the start and one six hours in.
public final class ScriptedConditions: DeviceConditionsSource {
    /// One step of the script: at `offset` from the start, apply `change`.
    public struct Entry: Hashable, Sendable {
        public var offset: Duration
        public var change: ConditionsChange

        public init(offset: Duration, change: ConditionsChange) {
            self.offset = offset
            self.change = change
        }
    }

    /// The state before any entry applies (``DeviceConditions``' defaults unless given).
    public let initial: DeviceConditions
    /// The steps, ordered by offset (stable for equal offsets).
    public let entries: [Entry]

    public init(initial: DeviceConditions = DeviceConditions(), _ entries: [Entry]) {
        self.initial = initial
        self.entries = entries.enumerated()
            .sorted { $0.element.offset == $1.element.offset ? $0.offset < $1.offset : $0.element.offset < $1.element.offset }
            .map(\.element)
    }

    public func start(on engine: EventEngine, update: @escaping (DeviceConditions) -> Void) {
        let start = engine.now
        var current = initial
        var index = entries.startIndex
        while index < entries.endIndex, entries[index].offset <= .zero {
            current = entries[index].change.applied(to: current)
            index += 1
        }
        update(current)
        for entry in entries[index...] {
            engine.schedule(at: start + entry.offset) {
                current = entry.change.applied(to: current)
                update(current)
            }
        }
    }
}
