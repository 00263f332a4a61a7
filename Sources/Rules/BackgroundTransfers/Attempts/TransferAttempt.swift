/// One attempt of a transfer, as a session hands it to its ``TransferAttempts``: the request (with the
/// resume point of a download that has one), which attempt of the transfer this is, the network it runs
/// on, and what the session knows of the size.
public struct TransferAttempt: Hashable, Sendable {
    /// What the performer tells the session, in this order: the attempt started, then it finished.
    public enum Event: Hashable, Sendable {
        /// The attempt started; `offset` is the bytes of a download kept from before (0 when it starts over).
        case started(offset: Int64)
        /// The server answered (whatever the status), or the transport failed.
        case finished(Result<TransferResponse, TransportError>)
    }

    /// The transfer's id.
    public var transfer: Int
    public var kind: TransferKind
    public var request: TransferRequest
    /// 1 for the transfer's first attempt, 2 for its second, … (the `server:` list answers per attempt).
    public var number: Int
    public var network: NetworkPath
    /// An upload's size in bytes (its file's, when the transfer was created); nil for a download.
    public var uploadSize: Int64?

    public init(transfer: Int, kind: TransferKind, request: TransferRequest, number: Int, network: NetworkPath, uploadSize: Int64?) {
        self.transfer = transfer
        self.kind = kind
        self.request = request
        self.number = number
        self.network = network
        self.uploadSize = uploadSize
    }

    /// The resume point the request carries, for a download that has one.
    var resume: ResumePoint? {
        if case .download(_, let resume) = request.body { return resume }
        return nil
    }
}
