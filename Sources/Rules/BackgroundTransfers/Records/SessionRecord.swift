public import BackgroundCore

/// `session.events`: a background session's transfers ended while the app was suspended or terminated, and
/// the system wakes or relaunches it with `handleEventsForBackgroundURLSession` for this session.
public struct SessionRecord: TimelineRecord {
    /// The session's identifier.
    public var session: String

    public init(session: String) {
        self.session = session
    }

    public var name: String { "session.events" }

    public func write(to json: inout JSONObjectWriter) { json.field("session", string: session) }

    public var textDetail: String { session }

    public var drawing: TimelineDrawing { .tableRow }
}

extension TimelineRecord where Self == SessionRecord {
    /// A `session.events` record.
    public static func sessionEvents(session: String) -> Self { SessionRecord(session: session) }
}
