public import BackgroundCore

/// `transfer.created`, `transfer.waiting`, `transfer.started`, `transfer.retrying`, `transfer.completed` or
/// `transfer.failed`: what happened to a transfer of a background session (CONTRACTS.md section 5).
public struct TransferRecord: TimelineRecord {
    /// What happened; its fields follow `transfer` in the event stream.
    public enum Change: Hashable, Sendable {
        /// The app created the transfer: `kind` is `upload`, `download` or `data`; `bytes` its size when known;
        /// `key` the `Idempotency-Key` each of its attempts sends (``PendingTransfer/idempotencyKey``).
        case created(kind: String, url: String, bytes: Int64?, key: String)
        /// It cannot run now, for `reason` (recorded when the reason changes).
        case waiting(reason: TransferWaitReason)
        /// An attempt started; `offset` is the bytes of a download kept from before, when it resumes.
        case started(offset: Int64?)
        /// An attempt failed in transport (`reason` is the URLError name); another will follow, at `next` when
        /// that is known (a backoff), or when the network allows (an interruption by the network).
        case retrying(reason: String, next: SimTime?)
        /// The server answered: any HTTP status completes a transfer; `bytes` is the body moved in all.
        case completed(status: Int, bytes: Int64)
        /// The transfer ended without an answer: a URLError name, and what failed when there is more to say.
        case failed(error: String, detail: String?)
    }

    public var transfer: Int
    public var change: Change

    public init(transfer: Int, _ change: Change) {
        self.transfer = transfer
        self.change = change
    }

    /// The end a `transfer.completed` or `transfer.failed` record reports, nil for the others.
    public var outcome: TransferOutcome? {
        switch change {
        case .completed(let status, let bytes): .completed(status: status, bytes: bytes)
        case .failed(let error, let detail): .failed(error: error, detail: detail)
        default: nil
        }
    }

    /// The `Idempotency-Key` of a `transfer.created` record, nil for the others.
    public var idempotencyKey: String? {
        if case .created(_, _, _, let key) = change { key } else { nil }
    }

    public var name: String {
        switch change {
        case .created: "transfer.created"
        case .waiting: "transfer.waiting"
        case .started: "transfer.started"
        case .retrying: "transfer.retrying"
        case .completed: "transfer.completed"
        case .failed: "transfer.failed"
        }
    }

    public func write(to json: inout JSONObjectWriter) {
        json.field("transfer", integer: transfer)
        switch change {
        case .created(let kind, let url, let bytes, let key):
            json.field("kind", string: kind)
            json.field("url", string: url)
            if let bytes { json.field("bytes", integer: Int(bytes)) }
            json.field("key", string: key)
        case .waiting(let reason): json.field("reason", string: reason.rawValue)
        case .started(let offset): if let offset { json.field("offset", integer: Int(offset)) }
        case .retrying(let reason, let next):
            json.field("reason", string: reason)
            if let next { json.field("next", time: next) }
        case .completed(let status, let bytes):
            json.field("status", integer: status)
            json.field("bytes", integer: Int(bytes))
        case .failed(let error, let detail):
            json.field("error", string: error)
            if let detail { json.field("detail", string: detail) }
        }
    }

    public var textDetail: String {
        switch change {
        case .created(let kind, let url, let bytes, _): "\(transfer) \(kind) \(url)\(bytes.map { " (\($0) bytes)" } ?? "")"
        case .waiting(let reason): "\(transfer) waiting: \(reason.rawValue)"
        case .started(let offset): offset.map { "\(transfer) from byte \($0)" } ?? "\(transfer)"
        case .retrying(let reason, let next): "\(transfer) retrying after \(reason)\(next.map { ", next attempt at \($0.rfc3339)" } ?? "")"
        case .completed(let status, let bytes): "\(transfer) status \(status), \(bytes) bytes"
        case .failed(let error, let detail): "\(transfer) failed: \(error)\(detail.map { " (\($0))" } ?? "")"
        }
    }

    /// A transfer's row shows its creation and waits as ticks and each attempt as a bar, from its start to
    /// its completion (a 2xx succeeds, another status fails), its failure or the retry after it.
    public var drawing: TimelineDrawing {
        let row = "transfer \(transfer)"
        return switch change {
        case .created: .tick(.transfers, row: row, style: "submitted")
        case .waiting: .tick(.transfers, row: row, style: "waiting")
        case .started: .bar(.transfers, row: row, .open)
        case .retrying: .bar(.transfers, row: row, .close(.failed))
        case .completed(let status, _): .bar(.transfers, row: row, .close((200..<300).contains(status) ? .success : .failed))
        case .failed: .bar(.transfers, row: row, .close(.failed))
        }
    }
}

extension TimelineRecord where Self == TransferRecord {
    /// A `transfer.created` record.
    public static func transferCreated(transfer: Int, kind: String, url: String, bytes: Int64?, key: String) -> Self {
        TransferRecord(transfer: transfer, .created(kind: kind, url: url, bytes: bytes, key: key))
    }

    /// A `transfer.waiting` record.
    public static func transferWaiting(transfer: Int, reason: TransferWaitReason) -> Self {
        TransferRecord(transfer: transfer, .waiting(reason: reason))
    }

    /// A `transfer.started` record.
    public static func transferStarted(transfer: Int, offset: Int64?) -> Self { TransferRecord(transfer: transfer, .started(offset: offset)) }

    /// A `transfer.retrying` record.
    public static func transferRetrying(transfer: Int, reason: String, next: SimTime? = nil) -> Self {
        TransferRecord(transfer: transfer, .retrying(reason: reason, next: next))
    }

    /// A `transfer.completed` record.
    public static func transferCompleted(transfer: Int, status: Int, bytes: Int64) -> Self {
        TransferRecord(transfer: transfer, .completed(status: status, bytes: bytes))
    }

    /// A `transfer.failed` record.
    public static func transferFailed(transfer: Int, error: String, detail: String? = nil) -> Self {
        TransferRecord(transfer: transfer, .failed(error: error, detail: detail))
    }
}
