/// Carries out a background session's attempts: ``SimulatedTransfers`` on virtual time, with a scripted
/// server; ``RealTransfers`` over a ``TransferTransport`` (libcurl), real HTTP.
///
/// The session decides when an attempt starts, what its outcome means (a retry, a completion) and when to
/// give it up; the performer only moves the bytes (or pretends to) and reports ``TransferAttempt/Event``s,
/// on the engine's owner: `started` first, then `finished`, either at once (inside `begin`) or later from
/// an engine action.
///
/// ```swift
/// let session = BackgroundSession(
///     configuration: configuration, engine: engine, timeline: timeline,
///     attempts: SimulatedTransfers(engine: engine, server: manifest.server))
/// ```
public protocol TransferAttempts: AnyObject {
    /// Begins `attempt`, reporting its events through `report`; returns a function that cancels it (after
    /// which it reports nothing) and says where a download can resume, if it can.
    func begin(_ attempt: TransferAttempt, report: @escaping (TransferAttempt.Event) -> Void) -> () -> ResumePoint?
}
