package import BackgroundCore
package import BackgroundLocation
package import BackgroundScheduler
package import BackgroundTransfers
import Glibc
import SQLiteStore
import Synchronization

/// An app's state, kept across runs in one SQLite database (`--state PATH`): the scheduler's pending task
/// requests, the pending background transfers and the location monitors' conditions, each change
/// committed durably before it is reported (write-ahead logging, full sync).
///
/// - A database that fails SQLite's check, or a file that is not one, is set aside (`PATH.corrupt`) with an
///   error that says so, never emptied; the next run starts with an empty database.
/// - A JSON state file of earlier versions at `PATH` is migrated once: its requests go into a new database
///   at `PATH`, and the old file is kept as `PATH.json-v1` (``migrationNotice`` says so). A crash half way
///   leaves the JSON file in place, and the next open migrates it again.
/// - Rows read back are checked: a value of the wrong type or out of range is an ``InputError`` naming the
///   file, the table, the row and the column; the database is left as it is.
///
/// ```swift
/// let state = try AppStateDatabase(path: "/var/lib/tour/state.db")
/// var configuration = TaskScheduler.Configuration()
/// configuration.taskRequestStore = state          // the scheduler's pending requests
/// let id = try state.nextTransferID()             // the transfer session's store (TransferStore)
/// ```
///
/// In a test, a database in a temporary folder: `try AppStateDatabase(path: folder.path + "/state.db")`.
package final class AppStateDatabase: TaskRequestStore, TransferStore, MonitorStore, Sendable {
    /// The database file.
    package let path: String
    /// The sentence to show once (on standard error) when opening migrated a JSON state file; else nil.
    package let migrationNotice: String?
    /// One connection, used by one caller at a time (SQLite connections are opened without their own mutex).
    /// Internal, not private: tests set `PRAGMA max_page_count` on it to fill the "disk".
    let connection: Mutex<SQLiteDatabase>

    /// Opens the app's state database at `path`, creating it (and its tables) when missing, or migrating
    /// a JSON state file of earlier versions found there.
    ///
    /// - Throws: ``InputError`` naming `path` when it is a directory or a device (left alone), is in a
    ///   folder that does not exist, is corrupt (then set aside) or cannot be opened.
    package init(path: String) throws(InputError) {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "a device, pipe or socket"
            throw InputError(file: path, message: "is \(what), not a state file; give the path of a file (it need not exist yet)")
        }
        migrationNotice = Self.holdsJSON(path) ? try StateFileMigration(path: path).run() : nil
        do {
            connection = Mutex(try SQLiteDatabase(path: path, migrations: StateSchema.migrations))
        } catch {
            let folder = StateFileMigration.folder(of: path)
            if access(folder, F_OK) != 0 {
                throw InputError(file: path, message: "cannot open the state database: the folder \(folder) does not exist")
            }
            throw InputError(file: path, message: "cannot open the state database: \(error.detail)")
        }
    }

    // MARK: Task requests

    package func loadTaskRequests() throws(InputError) -> [TaskRequest] {
        try load("pending task requests", StateSchema.selectTaskRequests, StateRows.taskRequest)
    }

    package func saveTaskRequests(_ requests: [TaskRequest]) throws(InputError) {
        let rows = requests.map(StateRows.values(of:))
        try withDatabase("save the pending task requests") { database throws(SQLiteError) in
            try StateSchema.replaceTaskRequests(rows, in: database)
        }
    }

    // MARK: Transfers

    package func loadTransfers() throws(InputError) -> [PendingTransfer] {
        try load("pending transfers", StateSchema.selectTransfers, StateRows.transfer)
    }

    package func saveTransfer(_ transfer: PendingTransfer) throws(InputError) {
        try withDatabase("save transfer \(transfer.id)") { database throws(SQLiteError) in
            try StateSchema.saveTransfer(transfer, in: database)
        }
    }

    package func removeTransfer(id: Int) throws(InputError) {
        try withDatabase("remove transfer \(id)") { database throws(SQLiteError) in
            try database.execute("DELETE FROM transfer WHERE id = ?", [.integer(Int64(id))])
        }
    }

    /// Hands out the next transfer id, durably: one more than any id this database has handed out or kept
    /// (ids never go back, even after the transfers that had them are removed).
    package func nextTransferID() throws(InputError) -> Int {
        let (counter, next) = try withDatabase("hand out a transfer id") { database throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) -> (SQLiteValue, Int64) in
                let counter = try database.query(StateSchema.selectCounter).first?.first ?? .null
                guard case .integer(let value) = counter, value >= 1 else { return (counter, 0) }
                let highest = try database.query("SELECT max(id) FROM transfer").first?.first?.integer ?? 0
                let next = max(value, highest &+ 1)
                try database.execute("UPDATE counter SET value = ? WHERE name = 'next_transfer_id'", [.integer(next &+ 1)])
                return (counter, next)
            }
        }
        _ = try StateRows.counter(counter, file: path)
        return Int(next)
    }

    // MARK: The run

    /// Where the last run kept in this database ended; nil when none has ended here. A run with `--state`
    /// and no `--start` starts there (CONTRACTS.md §10).
    package func lastRunEnd() throws(InputError) -> SimTime? {
        let value = try withDatabase("read where the last run ended") { database throws(SQLiteError) in
            try database.query("SELECT value FROM counter WHERE name = 'run_ended_at'").first?.first
        }
        guard case .integer(let nanoseconds)? = value else { return nil }
        return SimTime(nanosecondsSinceEpoch: nanoseconds)
    }

    /// Keeps where this run ended, for the next one.
    package func saveRunEnd(_ time: SimTime) throws(InputError) {
        try withDatabase("save where the run ended") { database throws(SQLiteError) in
            try database.execute(
                "INSERT OR REPLACE INTO counter (name, value) VALUES ('run_ended_at', ?)", [.integer(time.nanosecondsSinceEpoch)])
        }
    }

    // MARK: Location monitors

    /// Every kept ``LocationMonitor``, by name: its conditions with their last events, and the events that
    /// wait for it to open.
    package func load() throws -> [String: StoredMonitor] {
        var monitors: [String: StoredMonitor] = [:]
        for row in try load("location monitors", StateSchema.selectMonitorEvents, StateRows.monitorEvent) {
            if let condition = row.condition {
                monitors[row.monitor, default: StoredMonitor()].records.append(
                    (row.event.identifier, LocationMonitor.Record(condition: condition, lastEvent: row.event)))
            } else {
                monitors[row.monitor, default: StoredMonitor()].pending.append(row.event)
            }
        }
        return monitors
    }

    /// Replaces what is kept for the monitor `name`, in one transaction.
    package func save(_ monitor: StoredMonitor, name: String) throws {
        let records = monitor.records.enumerated().map { position, entry in
            StateRows.values(of: entry.record.lastEvent, condition: entry.record.condition, monitor: name, pending: false, position: position)
        }
        let pending = monitor.pending.enumerated().map { position, event in
            StateRows.values(of: event, condition: nil, monitor: name, pending: true, position: position)
        }
        try withDatabase("save the location monitor \(name)") { database throws(SQLiteError) in
            try StateSchema.replaceMonitor(name, rows: records + pending, in: database)
        }
    }

    /// The rows of `select` (the row's key first, then the values), each decoded and checked by `decode`.
    private func load<Value>(
        _ what: String, _ select: String, _ decode: ([SQLiteValue], Int64, String) throws(InputError) -> Value
    ) throws(InputError) -> [Value] {
        let rows = try withDatabase("read the \(what)") { database throws(SQLiteError) in try database.query(select) }
        var values: [Value] = []
        for row in rows {
            values.append(try decode(Array(row.dropFirst()), row[0].integer ?? 0, path))
        }
        return values
    }

    private func withDatabase<R: Sendable>(
        _ doing: String, _ body: (SQLiteDatabase) throws(SQLiteError) -> R
    ) throws(InputError) -> R {
        do {
            return try connection.withLock { (database: inout SQLiteDatabase) throws(SQLiteError) -> R in try body(database) }
        } catch {
            throw InputError(file: path, message: "cannot \(doing): \(error.detail)")
        }
    }

    /// True when `path` is a file whose first non-blank byte is `{`: a JSON state file of earlier versions
    /// (a database starts with "SQLite format 3").
    private static func holdsJSON(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        return bytes[..<count].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }
}
