/// A SQLite result code other than OK, ROW or DONE, modelled on `Errno`: the (extended) code is the
/// `rawValue`, and the description names the file and the function before SQLite's own text:
/// "state.db: sqlite3_step: database is locked".
package struct SQLiteError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code (its low byte is the primary one: `rawValue & 0xFF`).
    package var rawValue: Int32
    /// The SQLite function that returned it ("" when made from a raw value).
    package var function: String
    /// SQLite's message (`sqlite3_errmsg` when the connection had one, else `sqlite3_errstr`).
    package var message: String
    /// The database's path ("" when made from a raw value).
    package var path: String

    package init(rawValue: Int32) {
        self.init(rawValue, function: "", message: system_sqlite3_errstr(rawValue), path: "")
    }

    init(_ code: Int32, function: String, message: String, path: String) {
        rawValue = code
        self.function = function
        self.message = message
        self.path = path
    }

    /// SQLITE_CORRUPT: the file is damaged.
    package static let corrupt = SQLiteError(rawValue: 11)
    /// SQLITE_NOTADB: the file is not a SQLite database.
    package static let notADatabase = SQLiteError(rawValue: 26)
    /// SQLITE_BUSY: another connection holds the lock past the busy timeout.
    package static let busy = SQLiteError(rawValue: 5)

    package var description: String {
        [path, function, message].filter { !$0.isEmpty }.joined(separator: ": ")
    }

    /// Equal when the primary codes are: `SQLiteError.corrupt` matches every SQLITE_CORRUPT_* code.
    package static func == (lhs: SQLiteError, rhs: SQLiteError) -> Bool { lhs.rawValue & 0xFF == rhs.rawValue & 0xFF }

    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue & 0xFF) }

    /// Lets `catch SQLiteError.busy` match any error with that primary code, whatever function failed.
    package static func ~= (code: SQLiteError, error: any Error) -> Bool {
        (error as? SQLiteError) == code
    }
}
