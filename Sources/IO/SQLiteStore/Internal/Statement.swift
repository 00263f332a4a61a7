import CSQLite

/// One prepared statement, kept by its connection for every later use of the same SQL: bound, stepped
/// to the end, then reset and cleared.
final class Statement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    private let path: String

    init(_ sql: String, connection: OpaquePointer, path: String) throws(SQLiteError) {
        var handle: OpaquePointer?
        let code = system_sqlite3_prepare_v2(connection, sql, &handle)
        guard code == SQLITE_OK, let handle else {
            throw SQLiteError(code, function: "sqlite3_prepare_v2", message: system_sqlite3_errmsg(connection), path: path)
        }
        self.handle = handle
        self.connection = connection
        self.path = path
    }

    deinit { _ = system_sqlite3_finalize(handle) }

    /// Binds `values` to the parameters (`?` in order), steps to the end and returns the rows.
    func run(_ values: [SQLiteValue]) throws(SQLiteError) -> [[SQLiteValue]] {
        defer {
            _ = system_sqlite3_reset(handle)
            _ = system_sqlite3_clear_bindings(handle)
        }
        let expected = Int(system_sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw SQLiteError(SQLITE_RANGE, function: "sqlite3_bind", message: "\(values.count) values for \(expected) parameters", path: path)
        }
        for (offset, value) in values.enumerated() {
            try check(bind(value, at: Int32(offset + 1)), "sqlite3_bind")
        }
        var rows: [[SQLiteValue]] = []
        while true {
            let code = system_sqlite3_step(handle)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw failure(code, "sqlite3_step") }
            rows.append((0..<system_sqlite3_column_count(handle)).map(column))
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
        switch value {
        case .integer(let value): system_sqlite3_bind_int64(handle, index, value)
        case .real(let value): system_sqlite3_bind_double(handle, index, value)
        case .text(let value): system_sqlite3_bind_text(handle, index, value)
        case .blob(let value): system_sqlite3_bind_blob(handle, index, value)
        case .null: system_sqlite3_bind_null(handle, index)
        }
    }

    private func column(_ index: Int32) -> SQLiteValue {
        switch system_sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer(system_sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: .real(system_sqlite3_column_double(handle, index))
        case SQLITE_TEXT: .text(system_sqlite3_column_text(handle, index))
        case SQLITE_BLOB: .blob(system_sqlite3_column_blob(handle, index))
        default: .null
        }
    }

    private func check(_ code: Int32, _ function: String) throws(SQLiteError) {
        if code != SQLITE_OK { throw failure(code, function) }
    }

    private func failure(_ code: Int32, _ function: String) -> SQLiteError {
        SQLiteError(code, function: function, message: system_sqlite3_errmsg(connection), path: path)
    }
}
