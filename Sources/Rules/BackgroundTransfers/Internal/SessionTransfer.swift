import BackgroundCore

/// A transfer as the session's rules (``TransferRules``) track it: what is kept across runs
/// (``PendingTransfer``), and the run's own state, which a restart rebuilds. A value: the façade keeps the
/// effects' handles (the running attempt, the timers) apart, by id.
struct SessionTransfer: Hashable {
    var pending: PendingTransfer
    /// A data task: never kept, and disconnected when the app is suspended.
    let isData: Bool
    /// An upload's size, from its file when the transfer was created (or reloaded).
    let uploadSize: Int64?
    /// The resume rate limiter holds it until then.
    var rateLimitedUntil: SimTime?
    /// Created while the app was in the background: the system starts it at its discretion.
    var createdInBackground: Bool
    /// An attempt runs (started, not finished nor stopped).
    var isRunning = false
    /// Waiting for a retry's moment (not for a reason of its own).
    var backingOff = false
    /// The reason last recorded, so that a wait is recorded when its reason changes only.
    var lastReason: TransferWaitReason?
    /// The app was told once that it waits for connectivity.
    var toldWaiting = false
    /// It ended: a place kept in the rules' list until they compact it (``TransferRules/remove(_:)``), with
    /// its id and nothing else.
    var isEnded = false
    /// The cellular bytes its running attempt took from the realistic policy's data budget (its known size,
    /// 0 when unknown); nil when the attempt is not paid from it.
    var cellularCharge: Int64?

    init(pending: PendingTransfer, isData: Bool, uploadSize: Int64?, createdInBackground: Bool) {
        self.pending = pending
        self.isData = isData
        self.uploadSize = uploadSize
        self.createdInBackground = createdInBackground
    }

    var id: Int { pending.id }

    /// What stands in the place of the ended transfer `id` (its strings empty: nothing to count references of).
    static func ended(_ id: Int) -> SessionTransfer {
        var ended = SessionTransfer(
            pending: PendingTransfer(id: id, session: "", kind: .upload, method: "", url: "", file: "", createdAt: .defaultStart),
            isData: false, uploadSize: nil, createdInBackground: false)
        ended.isEnded = true
        return ended
    }

    /// The bytes it moves, as far as known: an upload's file size, or what the request expects.
    var knownSize: Int64 { max(0, uploadSize ?? pending.expectedBytes ?? 0) }

    /// Keeps a download's resume data from a failed or stopped attempt (an upload starts over).
    mutating func keep(_ resume: ResumePoint?) {
        guard pending.kind == .download, let resume else { return }
        pending.resume = resume
        pending.bytesDone = resume.offset
    }

    /// A download's resume data, as kept; nil for an upload.
    var resume: ResumePoint? { pending.kind == .download ? pending.resume : nil }
}
