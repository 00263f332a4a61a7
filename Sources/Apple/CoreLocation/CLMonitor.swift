/// Condition monitoring of iOS 17, as Apple's `CLMonitor`: a monitor opened by name watches circular
/// geographic conditions and reports each change of their state through ``events``.
///
/// ```swift
/// let monitor = await CLMonitor("tour")
/// await monitor.add(CLMonitor.CircularGeographicCondition(center: museum, radius: 200), identifier: "museum")
/// for try await event in await monitor.events where event.state == .satisfied { startClip(event.identifier) }
/// ```
/// On the emulated device the monitor is the location services' (BackgroundLocation's `LocationMonitor`):
/// the same region rules as `CLLocationManager`'s regions, the 20-condition limit, and the conditions and the
/// events that came while no monitor of the name was open kept for the next one (a relaunched process opens
/// it again to get them). Opening a name that is already open stops the app, as iOS traps.
public actor CLMonitor {
    /// The monitor's name.
    public nonisolated let name: String
    private nonisolated let opened: EmulatedMonitor

    /// Opens the monitor `name`, with the conditions it has from before.
    public init(_ name: String) async {
        self.name = name
        opened = EmulatedMonitor.open(name)
    }

    /// Starts watching `condition` under `identifier`, replacing the condition of that identifier; it
    /// starts unknown until a fix determines it.
    public func add(_ condition: any CLCondition, identifier: String) {
        opened.add(condition, identifier: identifier, assuming: nil)
    }

    /// Starts watching `condition` under `identifier`, assuming `state` until a fix determines it.
    public func add(_ condition: any CLCondition, identifier: String, assuming state: CLMonitor.Event.State) {
        opened.add(condition, identifier: identifier, assuming: state)
    }

    /// Stops watching the condition `identifier`.
    public func remove(_ identifier: String) {
        opened.remove(identifier)
    }

    /// The identifiers of the monitor's conditions.
    public var identifiers: [String] { opened.identifiers }

    /// The condition `identifier` and its last event.
    public func record(for identifier: String) -> CLMonitor.Record? {
        opened.record(for: identifier)
    }

    /// Every event, the ones that waited for this monitor first.
    public var events: CLMonitor.Events { opened.events }
}
