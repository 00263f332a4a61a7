/// The state of a monitored condition, as Apple's `CLMonitoringState` (`CLMonitor.Event.State`), with
/// Apple's raw values.
public enum CLMonitoringState: UInt, Sendable {
    case unknown = 0
    case satisfied = 1
    case unsatisfied = 2
    case unmonitored = 3
}
