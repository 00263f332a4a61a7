import BackgroundCore

/// A transfer as the session tracks it in memory: what is kept across runs (``PendingTransfer``), and the
/// run's own state, which a restart rebuilds.
final class SessionTransfer {
    var pending: PendingTransfer
    /// A data task: never kept, and disconnected when the app is suspended.
    let isData: Bool
    /// An upload's size, from its file when the transfer was created (or reloaded).
    let uploadSize: Int64?
    /// The resume rate limiter holds it until then.
    var rateLimitedUntil: SimTime?
    /// Created while the app was in the background: the system starts it at its discretion.
    var createdInBackground: Bool
    /// The running attempt's token and its cancel function.
    var attempt: (token: Int, cancel: () -> ResumePoint?)?
    /// A retry, or a wait for a moment, scheduled on the engine.
    var timer: EventID?
    /// Waiting for a retry's moment (not for a reason of its own).
    var backingOff = false
    /// The reason last recorded, so that a wait is recorded when its reason changes only.
    var lastReason: TransferWaitReason?
    /// The app was told once that it waits for connectivity.
    var toldWaiting = false
    /// When the resource timeout fails it.
    var deadline: EventID?
    /// The cellular bytes its running attempt took from the realistic policy's data budget (its known size,
    /// 0 when unknown); nil when the attempt is not paid from it.
    var cellularCharge: Int64?

    init(pending: PendingTransfer, isData: Bool, uploadSize: Int64?, createdInBackground: Bool) {
        self.pending = pending
        self.isData = isData
        self.uploadSize = uploadSize
        self.createdInBackground = createdInBackground
    }

    var isRunning: Bool { attempt != nil }
}
