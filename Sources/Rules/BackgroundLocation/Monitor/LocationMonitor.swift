import BackgroundCore

/// `CLMonitor` (iOS 17, with iOS 18's diagnostics) on a ``LocationManager``: circular geographic
/// conditions watched by the same region rules as ``LocationManager/startMonitoring(for:)`` (hysteresis,
/// dwell, the rules' clock), reported as events whose state is satisfied or unsatisfied.
///
/// A monitor is opened by name, and only one monitor of a name may be open at a time (opening it again
/// throws, where iOS traps). Its conditions belong to the system (the manager): they are watched whether
/// or not a monitor of that name is open, and the events that happen while none is open wait for the next
/// one, which hands them out first, in order. With a ``LocationManager/monitorStore`` the conditions,
/// their last events and the waiting events survive relaunches.
///
/// ```swift
/// let monitor = try LocationMonitor.open("tour", on: manager)
/// monitor.add(.init(center: (47.3769, 8.5417), radius: 200), identifier: "museum")
/// Task { for await event in monitor.events { print(event.identifier, event.state) } }
/// try await manager.run(.replay(trace))
/// ```
/// Each event is also a `monitor` event in the timeline (CONTRACTS.md §1). A new condition starts
/// unknown (or in the state given as `assuming`) and the next fix determines it; one past
/// ``LocationManagerConfiguration/conditionLimit`` or with an invalid circle is recorded as unmonitored,
/// with the diagnostic saying why.
///
/// - Warning: Not thread-safe: use it on the engine's owner only, like the manager.
public final class LocationMonitor {
    /// The monitor's name.
    public let name: String
    /// Every event, from the ones that waited for this monitor on (`CLMonitor.events`); it finishes when
    /// the monitor is closed or the manager's run ends.
    public let events: AsyncStream<Event>
    private let service: MonitorService
    private var isClosed = false

    private init(name: String, service: MonitorService) {
        self.name = name
        self.service = service
        self.events = service.open()
    }

    deinit {
        close()
    }

    /// Opens the monitor `name` on `manager` (`await CLMonitor(name)`), with the conditions it has from
    /// before. Throws when a monitor of that name is already open.
    public static func open(_ name: String, on manager: LocationManager) throws(LocationMonitorError) -> LocationMonitor {
        let service = manager.monitorService(named: name)
        guard !service.isOpen else { throw .alreadyOpen(name) }
        return LocationMonitor(name: name, service: service)
    }

    /// Starts watching a condition under `identifier`, replacing the condition of that identifier; it
    /// starts in `state` (default unknown) until a fix determines it.
    public func add(_ condition: CircularGeographicCondition, identifier: String, assuming state: Event.State? = nil) {
        service.add(condition, identifier: identifier, assuming: state)
    }

    /// Stops watching the condition `identifier` and forgets its record.
    public func remove(_ identifier: String) {
        service.remove(identifier)
    }

    /// The condition `identifier` and its last event, or nil when there is no such condition.
    public func record(for identifier: String) -> Record? {
        service.record(for: identifier)
    }

    /// The identifiers of the monitor's conditions, in the order they were added.
    public var identifiers: [String] { service.identifiers }

    /// Closes the monitor: ``events`` finishes and later events wait for the next monitor of this name.
    /// Dropping the monitor closes it too.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        service.close()
    }
}
