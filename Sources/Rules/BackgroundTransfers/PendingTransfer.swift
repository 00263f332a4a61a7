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
    /// Transport failures so far, for the retry backoff.
    public var retries: Int
    /// When the next attempt may start, while it backs off after a transport failure: a restart keeps the
    /// backoff instead of retrying at once.
    public var retryAt: SimTime?
    /// How it ended, once it has: kept until the app has had its events (``TransferOutcome``).
    public var outcome: TransferOutcome?

    public init(
        id: Int, session: String, kind: TransferKind, method: String, url: String, file: String, createdAt: SimTime,
        earliestBegin: SimTime? = nil, expectedBytes: Int64? = nil, bytesDone: Int64 = 0, resume: ResumePoint? = nil,
        attempts: Int = 0, waitingReason: String? = nil, retries: Int = 0, retryAt: SimTime? = nil,
        outcome: TransferOutcome? = nil
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
        self.retries = retries
        self.retryAt = retryAt
        self.outcome = outcome
    }

    /// The `Idempotency-Key` every attempt of this transfer sends (the IETF httpapi draft
    /// "The Idempotency-Key HTTP Header Field"), so that a server can drop a repeat of a request it has
    /// already carried out: an upload interrupted after its body arrived is sent again, from the start,
    /// with the same key (docs/TRANSFERS.md, "Crashes").
    ///
    /// A UUID (version 8, "custom"; the header sends it quoted, as the draft's structured-field string), drawn from the session's
    /// identifier, the transfer's id and its creation time, so the same transfer has the same key in every
    /// run that carries it on, without a column of its own, and a virtual-time run stays reproducible. Ids
    /// are unique across runs with a store, and creation times differ between live runs.
    public var idempotencyKey: String {
        let hash = FNV1a64.hash(session)
        var random = SplitMix64(seed: hash ^ UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15)
        random = SplitMix64(seed: random.next() ^ UInt64(bitPattern: createdAt.nanosecondsSinceEpoch))
        let high = random.next() & ~0xF000 | 0x8000  // version 8
        let low = random.next() & ~(0b11 << 62) | 0b10 << 62  // the RFC 9562 variant
        // 8-4-4-4-12 lowercase hex digits, written into one buffer (every transfer.created carries it).
        let groups: [(value: UInt64, digits: Int)] = [(high >> 32, 8), (high >> 16 & 0xFFFF, 4), (high & 0xFFFF, 4), (low >> 48, 4), (low & 0xFFFF_FFFF_FFFF, 12)]
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var at = 0
            for (index, group) in groups.enumerated() {
                if index > 0 {
                    buffer[at] = UInt8(ascii: "-")
                    at += 1
                }
                for digit in (0..<group.digits).reversed() {
                    let nibble = UInt8(truncatingIfNeeded: group.value >> UInt64(digit * 4) & 0xF)
                    buffer[at] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                    at += 1
                }
            }
            return at
        }
    }
}
