import BackgroundCore

/// The system's side of one named ``LocationMonitor``: its conditions on the region rules, their records,
/// and the events waiting for a monitor of that name to be opened. It lives as long as the
/// ``LocationManager`` (the system), whether or not a monitor is open, as iOS watches conditions while the
/// app is suspended or not running.
final class MonitorService: FixObserver {
    let name: String
    private unowned let manager: LocationManager
    /// The conditions being watched, on the manager's clock; the limit is counted per app by the manager.
    private lazy var watch: RegionWatch = {
        var unlimited = manager.configuration
        unlimited.regionLimit = .max
        return RegionWatch(configuration: unlimited, clock: manager.clock) { [unowned self] change in
            switch change {
            case .state(let region, let state): determined(region.identifier, state == .inside ? .satisfied : .unsatisfied)
            case .enter(let region, _): determined(region.identifier, .satisfied)
            case .exit(let region, _): determined(region.identifier, .unsatisfied)
            }
        }
    }()
    /// Identifiers in the order added, and each one's record.
    private var order: [String] = []
    private var records: [String: LocationMonitor.Record] = [:]
    private var pending: [LocationMonitor.Event] = []
    /// Changes the rules decided while the app may not be told (authorization), by identifier.
    private var held: [String: LocationMonitor.Event.State] = [:]
    /// Why changes are withheld, as last said (nil while they flow).
    private var withheld: LocationWithheld?
    /// The open monitor's stream, if one is open.
    private var continuation: AsyncStream<LocationMonitor.Event>.Continuation?

    init(name: String, manager: LocationManager, stored: StoredMonitor?) {
        self.name = name
        self.manager = manager
        for (identifier, record) in stored?.records ?? [] {
            order.append(identifier)
            records[identifier] = record
            if record.lastEvent.state != .unmonitored { watch.monitor.add(record.condition.region(identifier: identifier)) }
        }
        pending = stored?.pending ?? []
    }

    /// How many conditions are watched (those past the limit or unsupported are not).
    var watchedCount: Int { watch.monitor.regions.count }

    var isOpen: Bool { continuation != nil }

    var identifiers: [String] { order }

    func record(for identifier: String) -> LocationMonitor.Record? { records[identifier] }

    /// Opens the service to a monitor: the events that waited come first, in order.
    func open() -> AsyncStream<LocationMonitor.Event> {
        let (stream, continuation) = AsyncStream<LocationMonitor.Event>.makeStream()
        self.continuation = continuation
        for event in pending { continuation.yield(event) }
        if !pending.isEmpty {
            pending.removeAll()
            persist()
        }
        return stream
    }

    func close() {
        continuation?.finish()
        continuation = nil
    }

    // MARK: Conditions

    /// Adds (or replaces) a condition; it starts in `assumed` (unknown by default) and the next fix
    /// determines it. Past the per-app limit, or unsupported, it is recorded as unmonitored.
    func add(_ condition: LocationMonitor.CircularGeographicCondition, identifier: String, assuming assumed: LocationMonitor.Event.State?) {
        let region = condition.region(identifier: identifier)
        remove(identifier, persisting: false)
        var event = makeEvent(identifier, assumed ?? .unknown)
        if manager.accuracyAuthorization == .reduced {
            event.state = .unmonitored
            event.accuracyLimited = true
            manager.timeline.record(.error(
                message: LocationWithheld.accuracyLimited.message("monitor '\(name)': condition '\(identifier)'"),
                code: LocationWithheld.accuracyLimited.rawValue))
        } else if let problem = watch.monitor.problem(with: region) {
            event.state = .unmonitored
            event.conditionUnsupported = true
            manager.timeline.record(.error(message: "monitor '\(name)': condition \(problem)", code: "conditionUnsupported"))
        } else if manager.watchedConditionCount >= manager.configuration.conditionLimit {
            event.state = .unmonitored
            event.conditionLimitExceeded = true
            manager.timeline.record(.error(
                message: "monitor '\(name)': condition '\(identifier)' is not monitored: an app can monitor at most "
                    + "\(manager.configuration.conditionLimit) circular geographic conditions; remove one first",
                code: "conditionLimitExceeded"))
        } else {
            watch.monitor.add(region)
        }
        order.append(identifier)
        records[identifier] = LocationMonitor.Record(condition: condition, lastEvent: event)
        if event.state == .unmonitored { deliver(event) } else { persist() }
    }

    func remove(_ identifier: String, persisting: Bool = true) {
        guard records.removeValue(forKey: identifier) != nil else { return }
        held[identifier] = nil
        order.removeAll { $0 == identifier }
        watch.monitor.remove(identifier: identifier)
        if persisting { persist() }
    }

    // MARK: Fixes

    func receive(_ fix: LocationFix, at point: UnitVector, time: SimTime) {
        watch.evaluate(fix, at: point, time: time)
    }

    /// Hands out, in the order the conditions were added, the changes held while the app could not be told.
    func accessChanged() {
        guard withheld != nil || !held.isEmpty, manager.note(manager.monitorEventsWithheld, service: "monitor '\(name)'", last: &withheld) else { return }
        for identifier in order { if let state = held.removeValue(forKey: identifier) { determined(identifier, state) } }
    }

    func finish() {
        continuation?.finish()
    }

    /// The rules decided a condition's state: a new state is an event.
    private func determined(_ identifier: String, _ state: LocationMonitor.Event.State) {
        guard let record = records[identifier] else { return }
        let reason = manager.monitorEventsWithheld
        guard manager.note(reason, service: "monitor '\(name)'", last: &withheld) else {
            // Held; the first change held says why, with the condition's last state.
            if held.updateValue(state, forKey: identifier) == nil, let reason {
                var event = makeEvent(identifier, record.lastEvent.state)
                event.mark(reason)
                records[identifier]?.lastEvent = event
                deliver(event)
            }
            return
        }
        guard record.lastEvent.state != state else { return }
        let event = makeEvent(identifier, state)
        records[identifier]?.lastEvent = event
        deliver(event)
    }

    private func makeEvent(_ identifier: String, _ state: LocationMonitor.Event.State) -> LocationMonitor.Event {
        var event = LocationMonitor.Event(identifier: identifier, state: state, date: manager.engine.now)
        event.persistenceUnavailable = manager.monitorPersistenceFailed
        return event
    }

    /// Records the event in the timeline and hands it to the open monitor, or keeps it for the next one.
    private func deliver(_ event: LocationMonitor.Event) {
        manager.timeline.record(.monitor(name, identifier: event.identifier, state: event.state))
        if let continuation {
            continuation.yield(event)
        } else {
            if pending.count >= manager.configuration.pendingMonitorEventLimit { pending.removeFirst() }
            pending.append(event)
        }
        persist()
        for listener in manager.monitorEventListeners { listener(name, event) }
    }

    private func persist() {
        let stored = StoredMonitor(records: order.map { ($0, records[$0]!) }, pending: pending)
        manager.saveMonitor(stored, name: name)
    }
}
