public import BackgroundCore

/// A transfer the system has not finished, as a ``TransferStore`` keeps it across runs: enough to carry it
/// on after the process dies (a restart with the same state resumes it, and it completes exactly once).
public struct PendingTransfer: Hashable, Sendable {
    /// Unique among the app's transfers, across runs (URLSessionTask's `taskIdentifier`): the `transfer`
    /// field of the events.
    public var id: Int
    /// The identifier of the session that owns it.
    public var session: String
    public var kind: TransferKind
    /// `PUT` or `POST` for an upload, `GET` for a download.
    public var method: String
    public var url: String
    /// The absolute path of the upload's file or of the download's destination.
    public var file: String
    /// When the app created it (the resource timeout counts from here).
    public var createdAt: SimTime
    /// `earliestBeginDate`: not before this time.
    public var earliestBegin: SimTime?
    /// `countOfBytesClientExpectsToSend` (upload) or `countOfBytesClientExpectsToReceive` (download), when
    /// the app gave it.
    public var expectedBytes: Int64?
    /// The body bytes already moved and kept (a download's resume offset; 0 for an upload, which restarts).
    public var bytesDone: Int64
    /// Where a download can resume.
    public var resume: ResumePoint?
    /// Attempts made so far.
    public var attempts: Int
    /// Why it is waiting now, as the `reason` of `transfer.waiting` (`noNetwork`, `rateLimited`, …), or nil
    /// when it is running or ready.
    public var waitingReason: String?

    public init(
        id: Int, session: String, kind: TransferKind, method: String, url: String, file: String, createdAt: SimTime,
        earliestBegin: SimTime? = nil, expectedBytes: Int64? = nil, bytesDone: Int64 = 0, resume: ResumePoint? = nil,
        attempts: Int = 0, waitingReason: String? = nil
    ) {
        self.id = id
        self.session = session
        self.kind = kind
        self.method = method
        self.url = url
        self.file = file
        self.createdAt = createdAt
        self.earliestBegin = earliestBegin
        self.expectedBytes = expectedBytes
        self.bytesDone = bytesDone
        self.resume = resume
        self.attempts = attempts
        self.waitingReason = waitingReason
    }
}
