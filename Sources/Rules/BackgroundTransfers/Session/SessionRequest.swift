public import BackgroundCore

/// What the app asks a background session to transfer: a URL with the method, and the task properties the
/// system schedules by (`earliestBeginDate`, `countOfBytesClientExpectsToSend/Receive`).
///
/// ```swift
/// var request = SessionRequest(url: "https://example.org/visits/museum.log")
/// request.earliestBeginDate = engine.now + .seconds(3600)
/// let id = try session.uploadTask(with: request, fromFile: "/srv/tour/visits.log")
/// ```
public struct SessionRequest: Hashable, Sendable {
    /// An `http` or `https` URL (a background session supports no other scheme).
    public var url: String
    /// The HTTP method; nil: `PUT` for an upload, `GET` for a download.
    public var method: String?
    /// `earliestBeginDate`: the transfer starts no earlier than this.
    public var earliestBeginDate: SimTime?
    /// `countOfBytesClientExpectsToSend`: the app's estimate of an upload's size.
    public var countOfBytesClientExpectsToSend: Int64?
    /// `countOfBytesClientExpectsToReceive`: the app's estimate of a download's size.
    public var countOfBytesClientExpectsToReceive: Int64?

    public init(
        url: String, method: String? = nil, earliestBeginDate: SimTime? = nil,
        countOfBytesClientExpectsToSend: Int64? = nil, countOfBytesClientExpectsToReceive: Int64? = nil
    ) {
        self.url = url
        self.method = method
        self.earliestBeginDate = earliestBeginDate
        self.countOfBytesClientExpectsToSend = countOfBytesClientExpectsToSend
        self.countOfBytesClientExpectsToReceive = countOfBytesClientExpectsToReceive
    }
}
