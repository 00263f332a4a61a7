/// What a location source hands to its consumer.
public enum LocationSourceEvent: Hashable, Sendable {
    /// A position report.
    case fix(LocationFix)
    /// A non-fatal problem to report in the stream (a bad sentence skipped, gpsd lost and reconnecting).
    case problem(message: String, code: String?)
}
