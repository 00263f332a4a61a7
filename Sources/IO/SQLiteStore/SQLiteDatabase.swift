import CSQLite
import Glibc

/// One connection to a SQLite database file, with one owner: write-ahead logging, full sync (a committed
/// transaction survives a crash or a power cut), statements prepared once per connection and reused, and
/// a schema version (`PRAGMA user_version`) brought up to date by migrations at open.
///
/// A file that is not a database, or fails SQLite's check, is never emptied: opening it renames it beside
/// itself (`<file>.corrupt`, `<file>.corrupt-2`, … with its `-wal`) and throws an error that names both;
/// the next open starts an empty database.
///
/// ```swift
/// let database = try SQLiteDatabase(path: state + "/transfers.db", migrations: [
///     "CREATE TABLE transfer (id INTEGER PRIMARY KEY, url TEXT NOT NULL)",
/// ])
/// try database.transaction { () throws(SQLiteError) in
///     try database.execute("INSERT INTO transfer (url) VALUES (?)", [.text(url)])
/// }
/// let urls = try database.query("SELECT url FROM transfer").map { $0[0].text }
/// ```
package final class SQLiteDatabase {
    /// The database file's path.
    package let path: String
    private var connection: OpaquePointer?
    private var statements: [String: Statement] = [:]

    /// Opens (creating it when missing) the database at `path`, checks it, and applies the migrations it
    /// has not had: `migrations[n]` takes the schema from version n to n + 1, in a transaction of its own.
    ///
    /// - Throws: ``SQLiteError``; ``SQLiteError/notADatabase`` or ``SQLiteError/corrupt`` when the file was
    ///   set aside.
    package init(path: String, migrations: [String]) throws(SQLiteError) {
        self.path = path
        _ = Self.lean
        var connection: OpaquePointer?
        let code = system_sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map(system_sqlite3_errmsg) ?? system_sqlite3_errstr(code)
            if let connection { _ = system_sqlite3_close_v2(connection) }
            throw SQLiteError(code, function: "sqlite3_open_v2", message: message, path: path)
        }
        self.connection = connection
        _ = system_sqlite3_extended_result_codes(connection, 1)
        _ = system_sqlite3_busy_timeout(connection, 5_000)
        try checkIntegrity()
        _ = try query("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=FULL")
        try migrate(migrations)
    }

    deinit { close() }

    /// SQLite's memory for a connection taken as it is needed, set once before the first open (see
    /// `csqlite_configure_lean`): the daemon's peak memory (issue 36).
    private static let lean: Void = system_sqlite3_config_lean()

    /// Finalizes the statements and closes the connection; the database can no longer be used.
    package func close() {
        statements = [:]
        if let connection { _ = system_sqlite3_close_v2(connection) }
        connection = nil
    }

    /// The schema version: how many migrations the database has had.
    package func schemaVersion() throws(SQLiteError) -> Int {
        Int(try query("PRAGMA user_version").first?.first?.integer ?? 0)
    }

    /// Runs one statement with `values` bound to its `?` parameters, discarding any rows.
    package func execute(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        _ = try query(sql, values)
    }

    /// Runs one statement with `values` bound to its `?` parameters and returns its rows.
    package func query(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        try statement(sql).run(values)
    }

    /// Runs `body` in one transaction (`BEGIN IMMEDIATE`): committed when it returns, rolled back when it
    /// throws.
    package func transaction<R>(_ body: () throws(SQLiteError) -> R) throws(SQLiteError) -> R {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func statement(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = statements[sql] { return statement }
        guard let connection else {
            throw SQLiteError(SQLITE_MISUSE, function: "sqlite3_prepare_v2", message: "the database is closed", path: path)
        }
        let statement = try Statement(sql, connection: connection, path: path)
        statements[sql] = statement
        return statement
    }

    /// Runs SQLite's quick check; a file that is not a database or fails it is set aside.
    private func checkIntegrity() throws(SQLiteError) {
        let problem: SQLiteError
        do {
            let rows = try query("PRAGMA quick_check")
            let verdict = rows.compactMap { $0.first?.text }
            if verdict == ["ok"] { return }
            problem = SQLiteError(SQLITE_CORRUPT, function: "PRAGMA quick_check", message: verdict.joined(separator: "; "), path: path)
        } catch {
            guard error == .notADatabase || error == .corrupt else { throw error }
            problem = error
        }
        close()
        throw setAside(problem)
    }

    /// Renames the file (and its `-wal`) to the first free `<file>.corrupt[-n]`, drops its `-shm`, and
    /// makes the error that says so.
    private func setAside(_ problem: SQLiteError) -> SQLiteError {
        var aside = path + ".corrupt"
        var suffix = 1
        while access(aside, F_OK) == 0 {
            suffix += 1
            aside = "\(path).corrupt-\(suffix)"
        }
        var error = problem
        error.function = ""
        guard rename(path, aside) == 0 else {
            error.message = "\(problem.message); could not move it aside to \(aside) (\(String(cString: strerror(errno)))): move or delete it"
            return error
        }
        _ = rename(path + "-wal", aside + "-wal")
        unlink(path + "-shm")
        error.message = "\(problem.message); moved it aside to \(aside), and the next open starts an empty database"
        return error
    }

    private func migrate(_ migrations: [String]) throws(SQLiteError) {
        let version = try schemaVersion()
        guard version <= migrations.count else {
            throw SQLiteError(
                SQLITE_ERROR, function: "PRAGMA user_version",
                message: "schema version \(version) is newer than this program's \(migrations.count)", path: path)
        }
        for (index, migration) in migrations.enumerated().dropFirst(version) {
            try transaction { () throws(SQLiteError) in
                let code = system_sqlite3_exec(connection!, migration)
                guard code == SQLITE_OK else {
                    throw SQLiteError(code, function: "sqlite3_exec", message: "migration \(index + 1): \(system_sqlite3_errmsg(connection!))", path: path)
                }
                try execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }
}
