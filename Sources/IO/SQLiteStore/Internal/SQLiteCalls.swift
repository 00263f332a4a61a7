import CSQLite

// One wrapper per SQLite function: "`system_sqlite3_step` is bgkit's wrapper for `sqlite3_step`". Every
// other file goes through these; none calls SQLite directly. Each returns SQLite's own result code;
// its callers (`Statement.check`, `SQLiteDatabase`) turn a failure into a ``SQLiteError`` at the boundary.

/// The corresponding C function is `sqlite3_config` (`csqlite_configure_lean`: no lookaside, no bulk page cache).
@inline(never)
func system_sqlite3_config_lean() {
    csqlite_configure_lean()
}

/// The corresponding C function is `sqlite3_open_v2`.
@inline(never)
func system_sqlite3_open_v2(_ path: String, _ database: inout OpaquePointer?, _ flags: Int32) -> Int32 {
    sqlite3_open_v2(path, &database, flags, nil)
}

/// The corresponding C function is `sqlite3_close_v2`.
@inline(never)
func system_sqlite3_close_v2(_ database: OpaquePointer) -> Int32 {
    sqlite3_close_v2(database)
}

/// The corresponding C function is `sqlite3_extended_result_codes`.
@inline(never)
func system_sqlite3_extended_result_codes(_ database: OpaquePointer, _ on: Int32) -> Int32 {
    sqlite3_extended_result_codes(database, on)
}

/// The corresponding C function is `sqlite3_busy_timeout`.
@inline(never)
func system_sqlite3_busy_timeout(_ database: OpaquePointer, _ milliseconds: Int32) -> Int32 {
    sqlite3_busy_timeout(database, milliseconds)
}

/// The corresponding C function is `sqlite3_prepare_v2`.
@inline(never)
func system_sqlite3_prepare_v2(_ database: OpaquePointer, _ sql: String, _ statement: inout OpaquePointer?) -> Int32 {
    sqlite3_prepare_v2(database, sql, -1, &statement, nil)
}

/// The corresponding C function is `sqlite3_finalize`.
@inline(never)
func system_sqlite3_finalize(_ statement: OpaquePointer) -> Int32 {
    sqlite3_finalize(statement)
}

/// The corresponding C function is `sqlite3_step`.
@inline(never)
func system_sqlite3_step(_ statement: OpaquePointer) -> Int32 {
    sqlite3_step(statement)
}

/// The corresponding C function is `sqlite3_reset`.
@inline(never)
func system_sqlite3_reset(_ statement: OpaquePointer) -> Int32 {
    sqlite3_reset(statement)
}

/// The corresponding C function is `sqlite3_clear_bindings`.
@inline(never)
func system_sqlite3_clear_bindings(_ statement: OpaquePointer) -> Int32 {
    sqlite3_clear_bindings(statement)
}

/// The corresponding C function is `sqlite3_bind_parameter_count`.
@inline(never)
func system_sqlite3_bind_parameter_count(_ statement: OpaquePointer) -> Int32 {
    sqlite3_bind_parameter_count(statement)
}

/// The corresponding C function is `sqlite3_bind_int64`.
@inline(never)
func system_sqlite3_bind_int64(_ statement: OpaquePointer, _ index: Int32, _ value: Int64) -> Int32 {
    sqlite3_bind_int64(statement, index, value)
}

/// The corresponding C function is `sqlite3_bind_double`.
@inline(never)
func system_sqlite3_bind_double(_ statement: OpaquePointer, _ index: Int32, _ value: Double) -> Int32 {
    sqlite3_bind_double(statement, index, value)
}

/// Binds a copy of `value` (SQLITE_TRANSIENT). The corresponding C function is `sqlite3_bind_text`.
@inline(never)
func system_sqlite3_bind_text(_ statement: OpaquePointer, _ index: Int32, _ value: String) -> Int32 {
    sqlite3_bind_text(statement, index, value, -1, csqlite_transient())
}

/// Binds a copy of `value` (SQLITE_TRANSIENT). The corresponding C function is `sqlite3_bind_blob`.
@inline(never)
func system_sqlite3_bind_blob(_ statement: OpaquePointer, _ index: Int32, _ value: [UInt8]) -> Int32 {
    value.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), csqlite_transient()) }
}

/// The corresponding C function is `sqlite3_bind_null`.
@inline(never)
func system_sqlite3_bind_null(_ statement: OpaquePointer, _ index: Int32) -> Int32 {
    sqlite3_bind_null(statement, index)
}

/// The corresponding C function is `sqlite3_column_count`.
@inline(never)
func system_sqlite3_column_count(_ statement: OpaquePointer) -> Int32 {
    sqlite3_column_count(statement)
}

/// The corresponding C function is `sqlite3_column_type`.
@inline(never)
func system_sqlite3_column_type(_ statement: OpaquePointer, _ column: Int32) -> Int32 {
    sqlite3_column_type(statement, column)
}

/// The corresponding C function is `sqlite3_column_int64`.
@inline(never)
func system_sqlite3_column_int64(_ statement: OpaquePointer, _ column: Int32) -> Int64 {
    sqlite3_column_int64(statement, column)
}

/// The corresponding C function is `sqlite3_column_double`.
@inline(never)
func system_sqlite3_column_double(_ statement: OpaquePointer, _ column: Int32) -> Double {
    sqlite3_column_double(statement, column)
}

/// The column's text (UTF-8). The corresponding C functions are `sqlite3_column_text` and
/// `sqlite3_column_bytes`.
@inline(never)
func system_sqlite3_column_text(_ statement: OpaquePointer, _ column: Int32) -> String {
    guard let text = sqlite3_column_text(statement, column) else { return "" }
    let count = Int(sqlite3_column_bytes(statement, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
}

/// The column's bytes. The corresponding C functions are `sqlite3_column_blob` and `sqlite3_column_bytes`.
@inline(never)
func system_sqlite3_column_blob(_ statement: OpaquePointer, _ column: Int32) -> [UInt8] {
    guard let blob = sqlite3_column_blob(statement, column) else { return [] }
    let count = Int(sqlite3_column_bytes(statement, column))
    return Array(UnsafeRawBufferPointer(start: blob, count: count))
}

/// The latest error's English text on `database`. The corresponding C function is `sqlite3_errmsg`.
func system_sqlite3_errmsg(_ database: OpaquePointer) -> String {
    String(cString: sqlite3_errmsg(database))
}

/// A result code's English text. The corresponding C function is `sqlite3_errstr`.
func system_sqlite3_errstr(_ code: Int32) -> String {
    String(cString: sqlite3_errstr(code))
}

/// Runs `sql` (any number of statements, no results). The corresponding C function is `sqlite3_exec`.
@inline(never)
func system_sqlite3_exec(_ database: OpaquePointer, _ sql: String) -> Int32 {
    sqlite3_exec(database, sql, nil, nil, nil)
}
