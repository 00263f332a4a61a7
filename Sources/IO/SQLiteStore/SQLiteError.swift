/// A SQLite result code other than OK, ROW or DONE, modelled on `Errno`: the (extended) code is the
/// `rawValue`, and the description names the file and the function before SQLite's own text:
/// "state.db: sqlite3_step: database is locked".
public struct SQLiteError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code (its low byte is the primary one: `rawValue & 0xFF`).
    public var rawValue: Int32
    /// The SQLite function that returned it ("" when made from a raw value).
    public var function: String
    /// SQLite's message (`sqlite3_errmsg` when the connection had one, else `sqlite3_errstr`).
    public var message: String
    /// The database's path ("" when made from a raw value).
    public var path: String

    public init(rawValue: Int32) {
        self.init(rawValue, function: "", message: system_sqlite3_errstr(rawValue), path: "")
    }

    init(_ code: Int32, function: String, message: String, path: String) {
        rawValue = code
        self.function = function
        self.message = message
        self.path = path
    }

    /// SQLITE_CORRUPT: the file is damaged.
    public static let corrupt = SQLiteError(rawValue: 11)
    /// SQLITE_NOTADB: the file is not a SQLite database.
    public static let notADatabase = SQLiteError(rawValue: 26)
    /// SQLITE_BUSY: another connection holds the lock past the busy timeout.
    public static let busy = SQLiteError(rawValue: 5)

    public var description: String {
        [path, function, message].filter { !$0.isEmpty }.joined(separator: ": ")
    }

    /// Equal when the primary codes are: `SQLiteError.corrupt` matches every SQLITE_CORRUPT_* code.
    public static func == (lhs: SQLiteError, rhs: SQLiteError) -> Bool { lhs.rawValue & 0xFF == rhs.rawValue & 0xFF }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue & 0xFF) }

    /// Lets `catch SQLiteError.busy` match any error with that primary code, whatever function failed.
    public static func ~= (code: SQLiteError, error: any Error) -> Bool {
        (error as? SQLiteError) == code
    }
}
