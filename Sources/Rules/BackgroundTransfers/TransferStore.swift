public import BackgroundCore

/// Keeps an app's pending transfers across runs of the process, so that a restart carries them on and each
/// completes exactly once. The session writes through it on every change that matters after a crash (a
/// transfer created, an attempt started or failed with resume data, a transfer ended), before it reports
/// the change.
///
/// The real store is one SQLite database per app (`BackgroundState`); tests may keep rows in memory.
public protocol TransferStore: AnyObject {
    /// The transfers kept by an earlier run, in the order they were created.
    func loadTransfers() throws(InputError) -> [PendingTransfer]
    /// Adds `transfer`, or replaces the one with its id, durably (committed before it returns).
    func saveTransfer(_ transfer: PendingTransfer) throws(InputError)
    /// Removes the transfer with this id (it completed, failed or was cancelled), durably.
    func removeTransfer(id: Int) throws(InputError)
    /// The next free transfer id: one more than any id this store has ever handed out or kept.
    func nextTransferID() throws(InputError) -> Int
}
