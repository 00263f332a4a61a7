import BackgroundTestKit
import SQLiteStore
import Testing

/// A connection takes SQLite's memory as it needs it (issue 36, docs/PERFORMANCE.md): no lookaside slots, which
/// SQLite would otherwise hand every small allocation of a statement from.
@Suite struct SQLiteLeanConnectionTests {
    @Test func aConnectionUsesNoLookaside() throws {
        let folder = try TemporaryFolder(prefix: "bgkit-sqlite-lean")
        let database = try SQLiteDatabase(path: folder.path + "/state.db", migrations: [
            "CREATE TABLE request (id INTEGER PRIMARY KEY, identifier TEXT NOT NULL, earliest REAL)"
        ])
        try database.transaction { () throws(SQLiteError) in
            for n in 0..<50 {
                try database.execute("INSERT INTO request (identifier, earliest) VALUES (?, ?)", [.text("task.\(n)"), .real(Double(n))])
            }
        }
        #expect(try database.query("SELECT count(*) FROM request WHERE identifier LIKE 'task.%'") == [[.integer(50)]])
        #expect(database.lookasideHighWater() == 0)
    }
}
