import BackgroundCore

/// What the session's façade holds for one transfer not ended (``BackgroundSession/handles``): the
/// effects' handles, which the rules (``TransferRules``) never see.
struct TransferHandles {
    /// The running attempt: its token (a report from an attempt stopped since is ignored) and the function
    /// that cancels it.
    var attempt: (token: Int, cancel: () -> ResumePoint?)?
    /// The look-again timer: a retry, or a wait for a moment.
    var timer: EventID?
    /// The resource deadline (`timeoutIntervalForResource`).
    var deadline: EventID?
}
