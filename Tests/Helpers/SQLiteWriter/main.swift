import Glibc
import SQLiteStore

// Writes to the database at argv[1] until killed, for SQLiteStoreTests' SIGKILL test: each transaction
// inserts row n and sets the counter to n, so a database that survived intact has as many rows as its
// counter says. Prints "ready" after the first commit.

/// The writer's schema (the test opens the database with the same migrations).
let migrations = [
    "CREATE TABLE row (n INTEGER PRIMARY KEY, payload BLOB NOT NULL); CREATE TABLE counter (value INTEGER NOT NULL); INSERT INTO counter VALUES (0)",
]
let database = try SQLiteDatabase(path: CommandLine.arguments[1], migrations: migrations)
var n: Int64 = try database.query("SELECT value FROM counter").first?.first?.integer ?? 0
while true {
    n += 1
    try database.transaction { () throws(SQLiteError) in
        try database.execute("INSERT INTO row (n, payload) VALUES (?, ?)", [.integer(n), .blob(Array(repeating: UInt8(n & 0xFF), count: 512))])
        try database.execute("UPDATE counter SET value = ?", [.integer(n)])
    }
    if n == 1 { _ = write(1, "ready\n", 6) }
}
