import BackgroundTransfers
import SQLiteStore

/// The state database's tables and the statements that read and write them, shared by
/// ``AppStateDatabase`` and the migration of the old JSON state file.
package enum StateSchema {
    /// `migrations[n]` takes the schema from version n to n + 1 (`PRAGMA user_version`).
    ///
    /// Version 1: the scheduler's pending requests (`position` is the submission order), the pending
    /// transfers (every field of `PendingTransfer`; times in nanoseconds since 1970), and the counter
    /// behind `nextTransferID()`, which only goes up.
    package static let migrations = [
        """
        CREATE TABLE task_request (
            position INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL,
            kind TEXT NOT NULL,
            earliest_begin INTEGER,
            requires_network INTEGER NOT NULL,
            requires_external_power INTEGER NOT NULL
        );
        CREATE TABLE transfer (
            id INTEGER PRIMARY KEY,
            session TEXT NOT NULL,
            kind TEXT NOT NULL,
            method TEXT NOT NULL,
            url TEXT NOT NULL,
            file TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            earliest_begin INTEGER,
            expected_bytes INTEGER,
            bytes_done INTEGER NOT NULL,
            resume_offset INTEGER,
            resume_validator TEXT,
            attempts INTEGER NOT NULL,
            waiting_reason TEXT
        );
        CREATE TABLE counter (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
        INSERT INTO counter (name, value) VALUES ('next_transfer_id', 1);
        """,
        // Version 2: the location monitors' conditions with their last events (`pending` 0, in the order
        // added) and the events waiting for a monitor of that name to open (`pending` 1, oldest first).
        """
        CREATE TABLE monitor_event (
            monitor TEXT NOT NULL,
            pending INTEGER NOT NULL,
            position INTEGER NOT NULL,
            identifier TEXT NOT NULL,
            latitude REAL,
            longitude REAL,
            radius REAL,
            state TEXT NOT NULL,
            date INTEGER NOT NULL,
            diagnostics INTEGER NOT NULL,
            PRIMARY KEY (monitor, pending, position)
        );
        """,
        // Version 3: a transfer's retry backoff (failures so far, the next attempt's time), kept across a
        // restart, and its outcome once it has ended, kept until the app has had its events (the two-phase
        // end): an HTTP status with the bytes moved, or a URLError name with its detail.
        """
        ALTER TABLE transfer ADD COLUMN retries INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE transfer ADD COLUMN retry_at INTEGER;
        ALTER TABLE transfer ADD COLUMN outcome_status INTEGER;
        ALTER TABLE transfer ADD COLUMN outcome_bytes INTEGER;
        ALTER TABLE transfer ADD COLUMN outcome_error TEXT;
        ALTER TABLE transfer ADD COLUMN outcome_detail TEXT;
        """,
    ]

    static let selectTaskRequests = "SELECT position, \(StateRows.taskRequestColumns.joined(separator: ", ")) FROM task_request ORDER BY position"
    static let selectTransfers = "SELECT id, \(StateRows.transferColumns.joined(separator: ", ")) FROM transfer ORDER BY id"
    static let selectCounter = "SELECT value FROM counter WHERE name = 'next_transfer_id'"
    static let selectMonitorEvents =
        "SELECT rowid, \(StateRows.monitorEventColumns.joined(separator: ", ")) FROM monitor_event ORDER BY monitor, pending, position"

    /// Replaces what is kept for the monitor `name` with `rows` (each ``StateRows/values(of:monitor:)``), in
    /// one transaction.
    static func replaceMonitor(_ name: String, rows: [[SQLiteValue]], in database: SQLiteDatabase) throws(SQLiteError) {
        let columns = StateRows.monitorEventColumns
        let insert = "INSERT INTO monitor_event (\(columns.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: columns.count - 1)))"
        try database.transaction { () throws(SQLiteError) in
            try database.execute("DELETE FROM monitor_event WHERE monitor = ?", [.text(name)])
            for row in rows { try database.execute(insert, row) }
        }
    }

    /// Replaces the saved requests with `rows` (each ``StateRows/values(of:)-(TaskRequest)``), in one
    /// transaction.
    static func replaceTaskRequests(_ rows: [[SQLiteValue]], in database: SQLiteDatabase) throws(SQLiteError) {
        let insert = "INSERT INTO task_request (position, \(StateRows.taskRequestColumns.joined(separator: ", "))) VALUES (?, ?, ?, ?, ?, ?)"
        try database.transaction { () throws(SQLiteError) in
            try database.execute("DELETE FROM task_request")
            for (position, row) in rows.enumerated() {
                try database.execute(insert, [.integer(Int64(position + 1))] + row)
            }
        }
    }

    /// Adds or replaces `transfer` and moves the counter past its id, in one transaction.
    static func saveTransfer(_ transfer: PendingTransfer, in database: SQLiteDatabase) throws(SQLiteError) {
        let columns = StateRows.transferColumns
        let insert = "INSERT OR REPLACE INTO transfer (id, \(columns.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: columns.count)))"
        try database.transaction { () throws(SQLiteError) in
            try database.execute(insert, [.integer(Int64(transfer.id))] + StateRows.values(of: transfer))
            try database.execute(
                "UPDATE counter SET value = max(value, ?) WHERE name = 'next_transfer_id'", [.integer(Int64(transfer.id) &+ 1)])
        }
    }
}
