public import BackgroundCore

/// The device's conditions as their source last reported them, kept once: a report equal to the conditions
/// already known is no change; each change is recorded (a `conditions` event, when the monitor has a
/// timeline) and then told to every listener, in the order they were added.
///
/// The ``Device`` holds one for the app's modes; a `TaskScheduler` made on its own source holds its own.
///
/// ```swift
/// let monitor = DeviceConditionsMonitor(engine: engine, source: ScriptedConditions(entries), recordingOn: timeline)
/// monitor.addListener { conditions in print(conditions.network) }
/// ```
///
/// - Warning: Not thread-safe: use it on the engine's owner only.
public final class DeviceConditionsMonitor {
    /// The conditions now, as the source last reported them.
    public private(set) var conditions = DeviceConditions()
    /// Whether the source has reported yet.
    public private(set) var hasConditions = false

    /// Kept for the monitor's life: a source watching the machine stops when released.
    private let source: any DeviceConditionsSource
    private let timeline: Timeline?
    private var listeners: [(DeviceConditions) -> Void] = []

    /// Starts `source` on `engine` now; each change is recorded on `timeline` when it is given.
    public init(engine: EventEngine, source: any DeviceConditionsSource, recordingOn timeline: Timeline? = nil) {
        self.source = source
        self.timeline = timeline
        source.start(on: engine) { [weak self] in self?.report($0) }
    }

    /// Adds `listener`, called with the new conditions after every change, after the listeners added before it.
    public func addListener(_ listener: @escaping (DeviceConditions) -> Void) {
        listeners.append(listener)
    }

    /// The conditions are `new` now: a change is recorded and told to the listeners (the source's reports come
    /// here, and the world's changes a test makes, ``Device/change(conditions:)``).
    package func report(_ new: DeviceConditions) {
        guard !hasConditions || new != conditions else { return }
        hasConditions = true
        conditions = new
        timeline?.record(.conditions(new))
        for listener in listeners { listener(new) }
    }
}
