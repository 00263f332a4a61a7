public import BackgroundCore

/// `monitor`: a ``LocationMonitor`` condition's new state (`CLMonitor.Event`).
public struct MonitorEventRecord: TimelineRecord {
    public init(monitor: String, identifier: String, state: LocationMonitor.Event.State) {
        self.monitor = monitor
        self.identifier = identifier
        self.state = state
    }

    /// The monitor's name.
    public var monitor: String
    /// The condition's identifier.
    public var identifier: String
    public var state: LocationMonitor.Event.State

    public var name: String { "monitor" }

    public func write(to json: inout JSONObjectWriter) {
        json.field("monitor", string: monitor)
        json.field("identifier", string: identifier)
        json.field("state", string: state.rawValue)
    }

    public var textDetail: String { "\(monitor): \(identifier) is \(state.rawValue)" }

    public var drawing: TimelineDrawing { .tableRow }
}

extension TimelineRecord where Self == MonitorEventRecord {
    /// A `monitor` record.
    public static func monitor(_ monitor: String, identifier: String, state: LocationMonitor.Event.State) -> Self {
        MonitorEventRecord(monitor: monitor, identifier: identifier, state: state)
    }
}
