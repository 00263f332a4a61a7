/// What a ``MonitorStore`` keeps for one named ``LocationMonitor``: its conditions with their last events,
/// in the order they were added, and the events that happened while no monitor of that name was open.
public struct StoredMonitor: Hashable, Sendable {
    /// Each condition's identifier and record, in the order added.
    public var records: [(identifier: String, record: LocationMonitor.Record)] {
        get { zip(identifiers, recordValues).map { ($0, $1) } }
        set {
            identifiers = newValue.map(\.identifier)
            recordValues = newValue.map(\.record)
        }
    }
    /// Events not yet handed to an open monitor, oldest first.
    public var pending: [LocationMonitor.Event]

    private var identifiers: [String] = []
    private var recordValues: [LocationMonitor.Record] = []

    public init(records: [(identifier: String, record: LocationMonitor.Record)] = [], pending: [LocationMonitor.Event] = []) {
        self.pending = pending
        self.records = records
    }
}
