/// How a transfer ended, kept with it until the app has had its events: the first phase of the two-phase
/// end (docs/TRANSFERS.md, "Crashes").
///
/// The session writes the outcome to its store before it reports the end, and removes the transfer once the
/// app has had the delegate calls; a run killed in between reports the end again when the next run starts
/// (a completion is reported at least once, as nsurlsessiond redelivers), and never carries the transfer
/// out again.
public enum TransferOutcome: Hashable, Sendable {
    /// The server answered with `status`; `bytes` is the body moved in all.
    case completed(status: Int, bytes: Int64)
    /// It ended without an answer: a URLError name, and what failed when there is more to say.
    case failed(error: String, detail: String?)
}
