public import BackgroundLocation

/// A ``MonitorStore`` in memory: hand the same store to a second ``LocationManager`` to test a relaunch,
/// or set ``isFailing`` to test a store that is not available.
///
/// ```swift
/// let store = MemoryMonitorStore()
/// manager.monitorStore = store            // the first run adds conditions
/// relaunched.monitorStore = store         // a later run finds them, and the events that waited
/// ```
public final class MemoryMonitorStore: MonitorStore {
    /// What is stored, by monitor name.
    public private(set) var monitors: [String: StoredMonitor] = [:]
    /// When true, every load and save throws.
    public var isFailing = false

    public init() {}

    public func load() throws -> [String: StoredMonitor] {
        guard !isFailing else { throw Failure() }
        return monitors
    }

    public func save(_ monitor: StoredMonitor, name: String) throws {
        guard !isFailing else { throw Failure() }
        monitors[name] = monitor
    }

    private struct Failure: Error, CustomStringConvertible {
        var description: String { "the memory store is set to fail" }
    }
}
