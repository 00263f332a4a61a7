/// Where ``LocationMonitor``s' conditions and last states live across relaunches (the app's state
/// folder): read once when a ``LocationManager`` is given the store, written after every change.
///
/// A store that throws makes the monitor run on without it: its events then say
/// ``LocationMonitor/Event/persistenceUnavailable``, as iOS 18's do when the device's storage is not
/// available. `MemoryMonitorStore` (BackgroundTestKit) keeps them in memory, for tests; `AppStateDatabase`
/// (BackgroundState) keeps them in the app's state database.
public protocol MonitorStore: AnyObject {
    /// Every stored monitor, by name.
    func load() throws -> [String: StoredMonitor]
    /// Replaces what is stored for the monitor `name`.
    func save(_ monitor: StoredMonitor, name: String) throws
}
