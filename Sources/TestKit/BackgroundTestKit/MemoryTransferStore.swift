package import BackgroundCore
package import BackgroundTransfers

/// A ``TransferStore`` that keeps its rows in memory: what a session's restart needs in a test, without a
/// database. Hand the same store to a second session to play a restarted process.
///
/// ```swift
/// let store = MemoryTransferStore()
/// let first = BackgroundSession(configuration: configuration, engine: engine, timeline: timeline, attempts: attempts, store: store)
/// // … the process dies …
/// let second = BackgroundSession(configuration: configuration, engine: engine2, timeline: timeline2, attempts: attempts2, store: store)
/// try second.start()
/// ```
package final class MemoryTransferStore: TransferStore {
    /// The rows, by id.
    package private(set) var rows: [Int: PendingTransfer] = [:]
    private var next = 1
    /// How many saves and removals it has taken, to check that changes were written.
    package private(set) var writes = 0
    /// While true, every save and removal fails as a full disk does.
    package var isFull = false

    package init() {}

    package func loadTransfers() throws(InputError) -> [PendingTransfer] { rows.keys.sorted().compactMap { rows[$0] } }

    package func saveTransfer(_ transfer: PendingTransfer) throws(InputError) {
        try checkSpace()
        rows[transfer.id] = transfer
        next = max(next, transfer.id + 1)
        writes += 1
    }

    package func removeTransfer(id: Int) throws(InputError) {
        try checkSpace()
        rows[id] = nil
        writes += 1
    }

    package func nextTransferID() throws(InputError) -> Int {
        defer { next += 1 }
        return next
    }

    private func checkSpace() throws(InputError) {
        if isFull { throw InputError(file: "memory", place: .key("transfer"), message: "database or disk is full") }
    }
}
